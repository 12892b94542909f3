import { useAtomValue, useSetAtom } from 'jotai';
import { Link } from 'react-router-dom';
import { PATHS } from '@shared/routing/routes.js';
import { openModalAtom } from '../modals/modalsAtom.js';
import { websiteAtom } from '../website/websiteAtom.js';
import { usePageTitle } from './usePageTitle.js';
import './landing.css';

const STEPS = [
  { title: 'Post', text: 'Share what you want seen: a text, a link, pictures or a video.' },
  { title: 'Earn credits', text: 'View other members’ posts in the surf bar. Each view the server confirms earns a credit.' },
  { title: 'Promote', text: 'Spend credits on your campaigns and watch real members view your posts, live.' },
];

export default function LandingPage() {
  usePageTitle('');
  const website = useAtomValue(websiteAtom);
  const openModal = useSetAtom(openModalAtom);
  const explainCredits = () =>
    openModal({
      header: 'How credits work',
      body: (
        <>
          <p>Every post you view in the surf bar for the whole countdown earns you one credit, once the server confirms it.</p>
          <p>
            Each credit you assign to a campaign buys one view of your post by another member. Unspent credits can be withdrawn at
            any time.
          </p>
        </>
      ),
    });
  return (
    <div className="landing">
      <section className="landing-hero" aria-labelledby="landing-heading">
        <h1 id="landing-heading">Real people see your posts.</h1>
        <p className="landing-lead">
          {website?.name ?? 'Surfex'} is a traffic exchange: view other members’ posts to earn credits, then spend them to promote
          your own.
        </p>
        <div className="landing-actions">
          {website?.signups && (
            <Link className="button button-primary button-large" to={PATHS.signup}>
              Sign up free
            </Link>
          )}
          <Link className="button button-large" to={PATHS.login}>
            Log in
          </Link>
        </div>
        <button type="button" className="link-button" onClick={explainCredits}>
          How do credits work?
        </button>
      </section>
      <section className="landing-steps" aria-label="How it works">
        {STEPS.map((step, index) => (
          <article key={step.title} className="landing-step">
            <span className="landing-step-number" aria-hidden="true">
              {index + 1}
            </span>
            <h2>{step.title}</h2>
            <p>{step.text}</p>
          </article>
        ))}
      </section>
    </div>
  );
}

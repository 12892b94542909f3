import { useAtomValue, useSetAtom } from 'jotai';
import { Link, Navigate } from 'react-router-dom';
import { LANDING_ENDPOINTS, type LandingFacts } from '@shared/landing/landing.js';
import { PATHS } from '@shared/routing/routes.js';
import { useApiData } from '../api/useApiData.js';
import { LandingFaq } from '../landing/LandingFaq.js';
import { LandingPricing } from '../landing/LandingPricing.js';
import { LandingProof } from '../landing/LandingProof.js';
import { SurfBarMock } from '../landing/SurfBarMock.js';
import { openModalAtom } from '../modals/modalsAtom.js';
import { userAtom } from '../sessions/userAtom.js';
import { websiteAtom } from '../website/websiteAtom.js';
import { usePageTitle } from './usePageTitle.js';
import './landing.css';
import '../landing/landing-sections.css';

const STEPS = [
  { title: 'Post', text: 'Share what you want seen: a text, a link, pictures or a video.' },
  { title: 'Earn credits', text: 'View other members’ posts in the surf bar. Each view the server confirms earns a credit.' },
  { title: 'Promote', text: 'Spend credits on your campaigns and watch real members view your posts, live.' },
];

/** `/`: a signed-in member goes straight to their dashboard; a visitor gets the landing page. */
export default function LandingPage() {
  const user = useAtomValue(userAtom);
  if (user) return <Navigate to={PATHS.home} replace />;
  return <VisitorLanding />;
}

/** What the site is, how it works, live proof, pricing, a picture of the surf bar and common questions. */
function VisitorLanding() {
  usePageTitle('');
  const website = useAtomValue(websiteAtom);
  const openModal = useSetAtom(openModalAtom);
  const facts = useApiData<LandingFacts>(LANDING_ENDPOINTS.facts);
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
      <section className="landing-section" aria-labelledby="landing-how-heading">
        <h2 id="landing-how-heading">How it works</h2>
        <ol className="landing-steps">
          {STEPS.map((step, index) => (
            <li key={step.title} className="landing-step">
              <span className="landing-step-number" aria-hidden="true">
                {index + 1}
              </span>
              <h3>{step.title}</h3>
              <p>{step.text}</p>
            </li>
          ))}
        </ol>
        <SurfBarMock />
      </section>
      <LandingProof facts={facts.data} failed={facts.failure !== null} />
      {facts.data && <LandingPricing pricing={facts.data.pricing} />}
      <LandingFaq />
      {website?.signups && (
        <p className="landing-actions landing-closing">
          <Link className="button button-primary button-large" to={PATHS.signup}>
            Sign up free
          </Link>
        </p>
      )}
    </div>
  );
}

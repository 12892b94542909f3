import type { LandingFacts } from '@shared/landing/landing.js';

interface LandingProofProps {
  facts: LandingFacts | null;
  failed: boolean;
}

/** Live figures from the server: members, and the views members were credited for today and in all. */
export function LandingProof({ facts, failed }: LandingProofProps) {
  const figures = facts
    ? [
        { label: 'members', value: facts.members },
        { label: 'views credited today', value: facts.viewsToday },
        { label: 'views credited in all', value: facts.viewsInAll },
      ]
    : [];
  return (
    <section className="landing-section" aria-labelledby="landing-proof-heading">
      <h2 id="landing-proof-heading">Real views, counted by the server</h2>
      {failed ? (
        <p className="muted">The live figures cannot be shown right now.</p>
      ) : !facts ? (
        <p className="muted" aria-live="polite">
          Loading the live figures…
        </p>
      ) : (
        <dl className="landing-figures" data-testid="landing-figures">
          {figures.map((figure) => (
            <div key={figure.label} className="landing-figure">
              <dd>{figure.value.toLocaleString()}</dd>
              <dt>{figure.label}</dt>
            </div>
          ))}
        </dl>
      )}
      <p className="landing-note">
        Every view is a member who kept the post on screen for the whole countdown; the server confirms each one before it pays.
      </p>
    </section>
  );
}

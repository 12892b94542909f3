const QUESTIONS = [
  {
    question: 'Is it really free?',
    answer:
      'Yes. Viewing other members’ posts earns credits, and credits buy views of your posts. Paying only gets you more credits or a faster pace.',
  },
  {
    question: 'Are the views real people?',
    answer:
      'Each view is a signed-in member who kept the post on screen for the whole countdown. The server times every view, checks for scripted clicks and asks for a code now and then; views it doubts are not paid.',
  },
  {
    question: 'What can I promote?',
    answer:
      'A post: a text, a link, pictures or a YouTube video. Posts that break the rules can be reported by members and are hidden by the admins.',
  },
  {
    question: 'Do unused credits expire?',
    answer: 'No. Credits you assigned to a campaign and did not spend can be withdrawn back to your balance at any time.',
  },
  {
    question: 'Can I promote for a team?',
    answer: 'Yes. Teams share a balance of credits, and their members can run the team’s campaigns together.',
  },
];

/** Common questions, each a native disclosure: keyboard and screen reader friendly without script. */
export function LandingFaq() {
  return (
    <section className="landing-section" aria-labelledby="landing-faq-heading">
      <h2 id="landing-faq-heading">Questions</h2>
      <div className="landing-faq">
        {QUESTIONS.map(({ question, answer }) => (
          <details key={question}>
            <summary>{question}</summary>
            <p>{answer}</p>
          </details>
        ))}
      </div>
    </section>
  );
}

/**
 * A drawn picture of the surf bar (no image download): the countdown, the credit count and the
 * Next button above another member's post. One image to assistive technology, described in words.
 */
export function SurfBarMock() {
  return (
    <figure className="landing-mock">
      <div
        className="landing-mock-frame"
        role="img"
        aria-label="The surf bar: a countdown at 7 seconds, your balance of 1,250 credits and the Next button, above another member’s post"
      >
        <div className="landing-mock-bar">
          <span className="landing-mock-timer">
            <span className="landing-mock-ring" /> 7 s
          </span>
          <span className="landing-mock-credits">1,250 credits</span>
          <span className="landing-mock-next">Next</span>
        </div>
        <div className="landing-mock-post">
          <span className="landing-mock-avatar" />
          <span className="landing-mock-lines">
            <span className="landing-mock-line landing-mock-line-strong" />
            <span className="landing-mock-line" />
            <span className="landing-mock-line landing-mock-line-short" />
          </span>
          <span className="landing-mock-picture" />
        </div>
      </div>
      <figcaption>The surf bar: watch a post until the countdown ends, then click Next to earn your credit.</figcaption>
    </figure>
  );
}

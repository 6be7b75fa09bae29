import { Button } from '../../ui/button.tsx';

interface FirmsPagerProps {
  /** "Showing 26–50 of 312", or what is happening instead. */
  summary: string;
  onPrevious: (() => void) | undefined;
  onNext: (() => void) | undefined;
}

/**
 * Previous and Next. At either end the button stays focusable (aria-disabled, not disabled),
 * so a keyboard user who pages to the last page does not lose their place.
 */
export function FirmsPager({ summary, onPrevious, onNext }: FirmsPagerProps) {
  return (
    <nav className="firms-pager" aria-label="Pages">
      <p className="firms-pager__summary" role="status">
        {summary}
      </p>
      <div className="firms-pager__buttons">
        <Button aria-disabled={!onPrevious} onClick={onPrevious}>
          <span aria-hidden="true">←</span> Previous
        </Button>
        <Button aria-disabled={!onNext} onClick={onNext}>
          Next <span aria-hidden="true">→</span>
        </Button>
      </div>
    </nav>
  );
}

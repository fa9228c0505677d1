import { useEffect, useRef } from 'react';

/**
 * A keyboard-wedge scanner types a whole code and Enter in a few milliseconds per key; nobody types
 * 8 digits or more at 40 ms a key on average. A single slow key (a busy computer) does not break a
 * scan, a pause of 300 ms does.
 */
const WEDGE_MAX_AVERAGE_INTERVAL_MS = 40;
const WEDGE_MAX_PAUSE_MS = 300;
const WEDGE_MIN_LENGTH = 8;

/** Recognises a scan from timed key presses. Pure, so that the timing rule is tested without a browser. */
export class WedgeBuffer {
  private digits = '';
  private startedAt = 0;
  private lastAt = Number.NEGATIVE_INFINITY;

  constructor(
    private readonly maxAverageMs = WEDGE_MAX_AVERAGE_INTERVAL_MS,
    private readonly maxPauseMs = WEDGE_MAX_PAUSE_MS,
    private readonly minLength = WEDGE_MIN_LENGTH,
  ) {}

  /** Feeds one key; answers the scanned code when this key (Enter) completes a scan. */
  key(key: string, at: number): string | null {
    const paused = at - this.lastAt > this.maxPauseMs;
    this.lastAt = at;
    if (/^\d$/.test(key)) {
      if (paused || this.digits === '') {
        this.digits = key;
        this.startedAt = at;
      } else this.digits += key;
      return null;
    }
    const code = this.digits;
    this.digits = '';
    if (key !== 'Enter' || paused || code.length < this.minLength) return null;
    // Every key of the code and the Enter, on average quicker than a person can type.
    return (at - this.startedAt) / code.length <= this.maxAverageMs ? code : null;
  }
}

function isTypingTarget(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName);
}

/**
 * Listens for a keyboard-wedge scan anywhere on the page while `enabled`. A scan into a text field is
 * left to the field (its Enter submits it); elsewhere the code goes to `onScan`.
 */
export function useWedgeScanner(onScan: (code: string) => void, enabled = true): void {
  const handler = useRef(onScan);
  handler.current = onScan;
  useEffect(() => {
    if (!enabled) return;
    const buffer = new WedgeBuffer();
    const onKeyDown = (event: KeyboardEvent) => {
      if (isTypingTarget(event.target) || event.ctrlKey || event.metaKey || event.altKey) return;
      const code = buffer.key(event.key, event.timeStamp);
      if (code) {
        event.preventDefault();
        handler.current(code);
      }
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [enabled]);
}

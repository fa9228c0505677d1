import { useEffect, useRef } from 'react';

/** A keyboard-wedge scanner types a whole code in a few milliseconds per key; people do not. */
export const WEDGE_MAX_KEY_INTERVAL_MS = 50;
export const WEDGE_MIN_LENGTH = 8;

/**
 * Recognises a scan from timed key presses: digits arriving less than `maxIntervalMs` apart and
 * ending with Enter. Pure, so that the timing rule can be tested without a browser.
 */
export class WedgeBuffer {
  private digits = '';
  private lastAt = Number.NEGATIVE_INFINITY;

  constructor(
    private readonly maxIntervalMs = WEDGE_MAX_KEY_INTERVAL_MS,
    private readonly minLength = WEDGE_MIN_LENGTH,
  ) {}

  /** Feeds one key; answers the scanned code when this key (Enter) completes a scan. */
  key(key: string, at: number): string | null {
    const quick = at - this.lastAt <= this.maxIntervalMs;
    this.lastAt = at;
    if (/^\d$/.test(key)) {
      this.digits = quick ? this.digits + key : key;
      return null;
    }
    const code = this.digits;
    this.digits = '';
    if (key === 'Enter' && quick && code.length >= this.minLength) return code;
    return null;
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

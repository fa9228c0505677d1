const HOME = '/home';
/** A stand-in origin: a target that resolves anywhere else would leave the app. */
const OWN_ORIGIN = 'https://app.invalid';
// biome-ignore lint/suspicious/noControlCharactersInRegex: URL parsers read `\` as `/` and drop tabs and newlines
const AMBIGUOUS = /[\\\s\u0000-\u001f\u007f-\u009f]/;

/**
 * Where to go after sign-in: the path of `target` when it stays in the app (same origin, no
 * trick that a URL parser reads as another host), else the home page. Answers the normalised
 * path, so `..` segments cannot turn into `//host` later.
 */
export function safeRedirect(target: string | null | undefined): string {
  if (!target || !target.startsWith('/') || AMBIGUOUS.test(target)) return HOME;
  let url: URL;
  let decoded: string;
  try {
    url = new URL(target, OWN_ORIGIN);
    decoded = decodeURIComponent(url.pathname);
  } catch {
    return HOME;
  }
  if (url.origin !== OWN_ORIGIN || url.pathname.startsWith('//')) return HOME;
  // an encoded `//` or `\` is refused too: a router or proxy may decode it before resolving
  if (decoded.startsWith('//') || AMBIGUOUS.test(decoded)) return HOME;
  return url.pathname + url.search + url.hash;
}

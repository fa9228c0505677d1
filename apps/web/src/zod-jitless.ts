import { config } from 'zod';

// zod's eval probe (`new Function`) is refused by the Content-Security-Policy and reported as a violation (docs/security.md)
config({ jitless: true });

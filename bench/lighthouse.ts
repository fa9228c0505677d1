import { spawn } from 'node:child_process';
import { readFileSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Section } from './lib';
import { login } from './server';

const root = path.resolve(import.meta.dirname, '..');
const CHROME = process.env.CHROME_PATH ?? '/usr/bin/chromium';

interface Report {
  categories: Record<string, { score: number }>;
  audits: Record<string, { displayValue?: string }>;
}

function getText(url: string, host: string): Promise<string> {
  return new Promise((resolve, reject) => {
    request(url, { headers: { host } }, (res) => {
      let body = '';
      res.on('data', (chunk) => {
        body += String(chunk);
      });
      res.on('end', () =>
        res.statusCode === 200 ? resolve(body) : reject(new Error(`${url}: ${res.statusCode}`)),
      );
    })
      .on('error', reject)
      .end();
  });
}

/** One Lighthouse run (npm `lighthouse`, Debian's Chromium headless, its default mobile profile). */
async function lighthouse(url: string): Promise<Report> {
  const output = path.join(tmpdir(), `reprise-lighthouse-${process.pid}-${Date.now()}.json`);
  const child = spawn(
    path.join(root, 'node_modules/.bin/lighthouse'),
    [
      url,
      '--only-categories=performance,accessibility',
      '--output=json',
      `--output-path=${output}`,
      '--quiet',
      '--chrome-flags=--headless=new --no-sandbox --disable-gpu --disable-dev-shm-usage',
    ],
    { env: { ...process.env, CHROME_PATH: CHROME }, stdio: ['ignore', 'ignore', 'inherit'] },
  );
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  if (code !== 0) throw new Error(`lighthouse failed on ${url} (${code})`);
  const report = JSON.parse(readFileSync(output, 'utf8')) as Report;
  rmSync(output, { force: true });
  return report;
}

/**
 * Issue 27: the tracking page of a demo buyback (docs/tracking.md), its link read from the buyback
 * detail's API as the store seller, opened on the bench server's site host.
 */
async function trackingPageUrl(url: string, site: string): Promise<string> {
  const authorization = `Bearer ${await login(url, 'store_seller@demo.test')}`;
  const list = (await (
    await fetch(`${url}/api/buybacks?itemsPerPage=1`, { headers: { authorization } })
  ).json()) as {
    member: { id: string }[];
  };
  const buyback = list.member[0];
  if (!buyback) throw new Error('the store seller sees no demo buyback');
  const link = (await (
    await fetch(`${url}/api/buybacks/${buyback.id}/tracking-link`, { headers: { authorization } })
  ).json()) as { url: string | null };
  if (!link.url) throw new Error('the demo buyback has no tracking link');
  return `${site}${new URL(link.url).pathname}`;
}

/**
 * Issue 5: Lighthouse performance and accessibility of the demo retailer's public site, home and
 * product pages (goal ≥ 95 each), on a server started with the built web app.
 */
export async function benchLighthouse(url: string): Promise<Section> {
  const site = url.replace('127.0.0.1', 'demo-retail.localhost');
  // browsers resolve *.localhost to this machine; Node does not, so the site is asked by Host
  const found = JSON.parse(await getText(`${url}/api/white-label/search?q=galaxy`, new URL(site).host)) as {
    member: { id: string; name: string }[];
  };
  const product = found.member[0];
  if (!product) throw new Error('the demo site finds no "galaxy"');
  const pages: [string, string][] = [
    ['home', `${site}/`],
    [`product (${product.name})`, `${site}/product/${product.id}/galaxy`],
    ['tracking page (issue 27)', await trackingPageUrl(url, site)],
  ];
  const rows: string[] = [];
  const goals: Section['goals'] = [];
  for (const [name, pageUrl] of pages) {
    const report = await lighthouse(pageUrl);
    const score = (category: string) => Math.round((report.categories[category]?.score ?? 0) * 100);
    const audit = (id: string) => report.audits[id]?.displayValue ?? '–';
    rows.push(
      `| ${name} | ${score('performance')} | ${score('accessibility')} | ${audit('first-contentful-paint')} | ${audit('largest-contentful-paint')} | ${audit('total-blocking-time')} | ${audit('cumulative-layout-shift')} |`,
    );
    goals.push(
      {
        goal: `Lighthouse performance ≥ 95, ${name}`,
        value: String(score('performance')),
        met: score('performance') >= 95,
      },
      {
        goal: `Lighthouse accessibility ≥ 95, ${name}`,
        value: String(score('accessibility')),
        met: score('accessibility') >= 95,
      },
    );
  }
  return {
    title: 'Public site, Lighthouse (issue 5)',
    lines: [
      `npm \`lighthouse\` with Debian's Chromium (headless), its default mobile profile and simulated throttling, on ${site}.`,
      '',
      '| page | performance | accessibility | FCP | LCP | TBT | CLS |',
      '|---|--:|--:|--:|--:|--:|--:|',
      ...rows,
    ],
    goals,
  };
}

// Loaded with `node --import` into a server the bench starts to learn the SQL of a request
// (bench/pgbench.ts): appends every statement a node-postgres client sends, with its parameters
// as sent (text, as node-postgres serialises them), one JSON line each, to BENCH_SQL_CAPTURE.
import { appendFileSync } from 'node:fs';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const pg = require('pg');
const { prepareValue } = require('pg/lib/utils.js');
const target = process.env.BENCH_SQL_CAPTURE;
const send = pg.Client.prototype.query;

pg.Client.prototype.query = function query(config, values, callback) {
  const text = typeof config === 'string' ? config : config?.text;
  if (target && typeof text === 'string') {
    const params = (Array.isArray(values) ? values : (config?.values ?? [])).map((v) => prepareValue(v));
    appendFileSync(target, `${JSON.stringify({ text, values: params })}\n`);
  }
  return send.call(this, config, values, callback);
};

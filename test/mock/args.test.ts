// The mock's command line (mock/args.ts on core/args.ts), without starting a mock: the defaults, each
// flag, `--seed` and `--static`, and the usage errors main.ts turns into exit 2. That `--help` lists
// exactly these flags is test/contract/help.test.ts's.
import { describe, expect, it } from 'vitest';
import { UsageError } from '../../core/args.ts';
import { MOCK_HELP, parseMockArgs, type MockOptions } from '../../mock/args.ts';

const DEFAULTS: MockOptions = {
  port: '4010',
  spec: 'generated/openapi.yaml',
  seed: undefined,
  static: false,
  now: undefined,
  release: undefined,
  wordpress: undefined,
  errors: false,
  verbose: false,
  memo: true,
  bodyTimeout: '10000',
  maxRecords: '5000',
  maxStoreMb: '32',
  allowOrigins: [],
  help: false,
};

describe('parseMockArgs', () => {
  it.each<[string, string[], Record<string, string>, Partial<MockOptions>]>([
    ['no flags: the defaults', [], {}, {}],
    ['MOCK_PORT is the default port', [], { MOCK_PORT: '4020' }, { port: '4020' }],
    ['--port wins over MOCK_PORT', ['--port', '0'], { MOCK_PORT: '4020' }, { port: '0' }],
    ['-p is --port', ['-p', '4011'], {}, { port: '4011' }],
    ['--port=n', ['--port=4012'], {}, { port: '4012' }],
    ['--spec', ['--spec', 'x.yaml'], {}, { spec: 'x.yaml' }],
    ['--seed <file>', ['--seed', 'my-records.json'], {}, { seed: 'my-records.json' }],
    ['--seed=<file>', ['--seed=./data/festival.json'], {}, { seed: './data/festival.json' }],
    ['--static', ['--static'], {}, { static: true }],
    ['--now <date>', ['--now', '2025-06-14 18:00'], {}, { now: '2025-06-14 18:00' }],
    ['--now real', ['--now=real'], {}, { now: 'real' }],
    ['--release <tec>', ['--release', '6.6.4.2'], {}, { release: '6.6.4.2' }],
    ['--wordpress <version>', ['--wordpress', '6.8.12'], {}, { wordpress: '6.8.12' }],
    ['--errors --verbose', ['--errors', '--verbose'], {}, { errors: true, verbose: true }],
    ['--no-memo', ['--no-memo'], {}, { memo: false }],
    ['--body-timeout', ['--body-timeout', '500'], {}, { bodyTimeout: '500' }],
    ['--max-records, --max-store-mb', ['--max-records', '300', '--max-store-mb=2'], {}, { maxRecords: '300', maxStoreMb: '2' }],
    ['--allow-origin, repeated', ['--allow-origin', 'https://app.example', '--allow-origin=null'], {}, { allowOrigins: ['https://app.example', 'null'] }],
    ['--help', ['--help'], {}, { help: true }],
    ['-h', ['-h'], {}, { help: true }],
    ['with other flags', ['--static', '--seed', 's.json', '-h'], {}, { static: true, seed: 's.json', help: true }],
  ])('%s', (_name, argv, env, changed) => {
    expect(parseMockArgs(argv, env)).toEqual({ ...DEFAULTS, ...changed });
  });

  it.each<[string, string[], RegExp]>([
    ['an unknown flag', ['--nope'], /^unknown option --nope \(see --help\)$/],
    ['a positional argument', ['4010'], /^unexpected argument "4010" \(see --help\)$/],
    ['--seed without its file', ['--seed'], /^--seed needs a value/],
    ['--seed followed by a flag', ['--seed', '--static'], /^--seed needs a value/],
    ['--seed given twice', ['--seed', 'a.json', '--seed', 'b.json'], /^--seed given twice/],
    ['--static with a value', ['--static=yes'], /^--static takes no value/],
    ['--port empty', ['--port='], /^--port needs a non-empty value/],
  ])('%s is a usage error', (_name, argv, message) => {
    expect(() => parseMockArgs(argv)).toThrow(UsageError);
    expect(() => parseMockArgs(argv)).toThrow(message);
  });

  it('the help states the two flags in the words the README uses', () => {
    expect(MOCK_HELP).toMatch(/^ {2}--static {16}examples only, no state \(every answer from the spec's examples, as before 3\.1\)$/m);
    expect(MOCK_HELP).toMatch(/^ {2}--seed <file> {11}start the store from this JSON file instead of the built-in festival \(see mock\/README\.md\)$/m);
  });
});

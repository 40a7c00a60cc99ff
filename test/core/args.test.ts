// The command-line rules every command shares (core/args.ts, on Node's util.parseArgs), as a table:
// what parses to what, and what is a usage error with which message.
import { describe, expect, it } from 'vitest';
import { parseArgs, UsageError, type Flags } from '../../core/args.ts';

const FLAGS = {
  'base-url': { type: 'string' },
  map: { type: 'list' },
  strict: { type: 'boolean' },
  port: { type: 'string', short: 'p' },
  help: { type: 'boolean', short: 'h' },
} satisfies Flags;

describe('what parses', () => {
  it.each<[string, string[], Record<string, unknown>, string[]]>([
    ['nothing', [], {}, []],
    ['--name value', ['--base-url', 'https://a/wp-json'], { 'base-url': 'https://a/wp-json' }, []],
    ['--name=value', ['--base-url=https://a/wp-json'], { 'base-url': 'https://a/wp-json' }, []],
    ['an inline value with = in it', ['--map=core/v2=wp/v2'], { map: ['core/v2=wp/v2'] }, []],
    ['an inline value that starts with -', ['--port=-5'], { port: '-5' }, []],
    ['a list repeats, in order', ['--map', 'a=b', '--map=c=d', '--map', 'e=f'], { map: ['a=b', 'c=d', 'e=f'] }, []],
    ['a switch', ['--strict'], { strict: true }, []],
    ['a switch given twice is still on', ['--help', '--help'], { help: true }, []],
    ['-h is --help', ['-h'], { help: true }, []],
    ['a short option with a value', ['-p', '4010'], { port: '4010' }, []],
    ['a short option with its value attached', ['-p4010'], { port: '4010' }, []],
    ['a short group', ['-hp', '4010'], { help: true, port: '4010' }, []],
    ['positionals around options', ['a.har', '--strict', 'b.har'], { strict: true }, ['a.har', 'b.har']],
    ['- is a positional', ['-'], {}, ['-']],
    ['after --, everything is a positional', ['--strict', '--', '--map', '-h'], { strict: true }, ['--map', '-h']],
  ])('%s', (_name, argv, values, positionals) => {
    const r = parseArgs(argv, FLAGS);
    expect({ ...r.values }).toEqual(values);
    expect(r.positionals).toEqual(positionals);
  });

  it('leaves argv as it was', () => {
    const argv = ['--map', 'a=b', 'x'];
    parseArgs(argv, FLAGS);
    expect(argv).toEqual(['--map', 'a=b', 'x']);
  });
});

describe('what is a usage error', () => {
  it.each<[string, string[], RegExp]>([
    ['an unknown option', ['--bogus'], /^unknown option --bogus$/],
    ['an unknown option with a value', ['--bogus=1'], /^unknown option --bogus$/],
    ['an unknown short option', ['-x'], /^unknown option -x$/],
    ['an option in another case', ['--Strict'], /^unknown option --Strict$/],
    ['a prototype key', ['--__proto__'], /^unknown option --__proto__$/],
    ['a name from Object.prototype', ['--constructor', 'x'], /^unknown option --constructor$/],
    ['a control character in the name is shown escaped', ['--a\u001b[2J'], /^unknown option --a\\u001b\[2J$/],
    ['a missing value at the end', ['--base-url'], /^--base-url needs a value$/],
    [
      'an option where the value should be',
      ['--base-url', '--strict'],
      /^--base-url needs a value \(a value that starts with "-" is given as --base-url=<value>\)$/,
    ],
    ['a short option where the value should be', ['-p', '-h'], /^-p \(--port\) needs a value/],
    ['a missing value of a list', ['--map'], /^--map needs a value$/],
    ['an empty value', ['--base-url='], /^--base-url needs a non-empty value$/],
    ['an empty value, separate', ['--base-url', ''], /^--base-url needs a non-empty value$/],
    ['a value given to a switch', ['--strict=true'], /^--strict takes no value$/],
    ['a string option given twice', ['--base-url', 'a', '--base-url=b'], /^--base-url given twice$/],
    ['a string option given twice, short and long', ['-p', '1', '--port', '2'], /^--port given twice$/],
  ])('%s', (_name, argv, message) => {
    let error: unknown;
    try {
      parseArgs(argv, FLAGS);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(UsageError);
    expect((error as Error).message).toMatch(message);
  });

  it('a positional where the command takes none', () => {
    expect(() => parseArgs(['extra'], FLAGS, { allowPositionals: false })).toThrow(new UsageError('unexpected argument "extra"'));
    expect(() => parseArgs(['--', '--strict'], FLAGS, { allowPositionals: false })).toThrow(/^unexpected argument "--strict"$/);
    expect(parseArgs(['--strict'], FLAGS, { allowPositionals: false }).values).toEqual({ strict: true });
  });

  it('the first problem is the one reported', () => {
    expect(() => parseArgs(['--bogus', '--base-url'], FLAGS)).toThrow(/^unknown option --bogus$/);
    expect(() => parseArgs(['--base-url', 'a', '--bogus'], FLAGS)).toThrow(/^unknown option --bogus$/);
  });
});

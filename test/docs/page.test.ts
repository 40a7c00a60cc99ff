// scripts/docs-page.ts: the docs page's definition packed (gzip, base64) and read back; a page in
// another form than Redoc's is refused, not half-rewritten.
import { describe, expect, it } from 'vitest';
import { definitionOf, packDefinition } from '../../scripts/docs-page.ts';

/** A page shaped as `redocly build-docs --inlineBundle` writes it, around a given definition. */
const redocPage = (definition: unknown): string =>
  `<html><body><div id="redoc"></div><script type="module">const{hydrate}=x;\n\n      const __redoc_definition = ${JSON.stringify(definition).replace(/</g, '\\u003c')};\n` +
  `      const __redoc_options = {"disableTelemetry":true};\n\n      hydrate(__redoc_definition, __redoc_options, document.getElementById('redoc'));\n      </script></body></html>\n`;

describe('packDefinition / definitionOf', () => {
  const definition = { openapi: '3.1.0', info: { title: 'T', description: '<b>a</b> "quoted" ünïcode' }, paths: { '/x': {} } };

  it('replaces the literal by its gzip and hydrates after unpacking; definitionOf gives the same JSON back', () => {
    const page = redocPage(definition);
    const packed = packDefinition(page);
    expect(packed).not.toContain('const __redoc_definition = ');
    expect(packed).toContain("new DecompressionStream('gzip')");
    expect(packed).not.toContain('hydrate(__redoc_definition, __redoc_options'); // the literal's name is gone with it
    expect(JSON.parse(definitionOf(packed))).toEqual(definition);
    expect(packed.startsWith('<html><body><div id="redoc"></div><script type="module">const{hydrate}=x;')).toBe(true);
    expect(packed.endsWith('</script></body></html>\n')).toBe(true);
  });

  it('is deterministic: the same page gives the same bytes', () => {
    expect(packDefinition(redocPage(definition))).toBe(packDefinition(redocPage(definition)));
  });

  it('refuses a page without exactly one literal and its hydrate call', () => {
    expect(() => packDefinition('<html></html>')).toThrow(/no single `__redoc_definition` literal/);
    const twice = redocPage(definition).replace('</script>', `const __redoc_definition = {};\n</script>`);
    expect(() => packDefinition(twice)).toThrow(/no single/);
    expect(() => packDefinition(redocPage(definition).replace('hydrate(__redoc_definition', 'init(__redoc_definition'))).toThrow(/no single/);
  });

  it('definitionOf refuses a page without a packed definition', () => {
    expect(() => definitionOf(redocPage(definition))).toThrow(/no packed definition/);
  });
});

import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { dedupeStyleElements, topLevelRules } from '../src/pages/style-dedupe';

// Issue 31: the front page's HTML carried shared-ui's button and spinner rules once per
// pre-rendered summary; each rule now goes once per page.
describe('the CSS of pre-rendered parts, once per page', () => {
  it('splits a style sheet into its top-level rules, at-rule blocks and statements', () => {
    assert.deepEqual(topLevelRules('@import "a;b.css"; .a{color:red} @media (min-width:40em){.a{color:blue}.b{x:y}} /* } ; */ .c::after{content:"}"}'), [
      '@import "a;b.css";',
      '.a{color:red}',
      '@media (min-width:40em){.a{color:blue}.b{x:y}}',
      '/* } ; */ .c::after{content:"}"}',
    ]);
  });

  it('keeps the first copy of each rule and drops the repeats in later style elements', () => {
    const spinner = '@keyframes spin{to{transform:rotate(1turn)}}.spinner{animation:spin 1s}';
    const html = `<style>.page{margin:0}${spinner}</style><section><style>${spinner}.messages{gap:1rem}</style><p>a</p></section><section><style>${spinner}</style><p>b</p></section>`;
    assert.equal(
      dedupeStyleElements(html),
      `<style>.page{margin:0}${spinner}</style><section><style>.messages{gap:1rem}</style><p>a</p></section><section><p>b</p></section>`,
    );
  });

  it('leaves a page without repeats as it was, text that only looks like CSS included', () => {
    const html = '<style>.a{color:red}</style><p>.a{color:red} &lt;style&gt;</p><style>.b{color:red}</style>';
    assert.equal(dedupeStyleElements(html), html);
  });
});

import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { classesIn, dedupeStyleElements, rulesThatCanMatch, topLevelRules } from '../src/pages/style-dedupe';

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
    const html = `<style>.page{margin:0}${spinner}</style><section class="page"><style>${spinner}.messages{gap:1rem}</style><p class="messages spinner">a</p></section><section><style>${spinner}</style><p>b</p></section>`;
    assert.equal(
      dedupeStyleElements(html),
      `<style>.page{margin:0}${spinner}</style><section class="page"><style>.messages{gap:1rem}</style><p class="messages spinner">a</p></section><section><p>b</p></section>`,
    );
  });

  it('leaves a page without repeats as it was, text that only looks like CSS included', () => {
    const html = '<style>.a{color:red}</style><p class="a b">.a{color:red} &lt;style&gt;</p><style>.b{color:red}</style>';
    assert.equal(dedupeStyleElements(html), html);
  });

  it('sends only the rules that can style the pre-rendered HTML (the remote loads its whole sheet with its code)', () => {
    const html = '<section class="card summary"><a class="link" href="/fi">x</a><ul class="list"><li class="item">y</li></ul></section>';
    const css = [
      ':root{--gap:1rem}',
      'a{color:blue}',
      '.card{padding:1rem}',
      '.dialog{position:fixed}', // not on the page: dropped
      '.card .empty,.card .list{margin:0}', // one selector of the list can match: kept
      '.empty,.spinner{opacity:.5}', // none can: dropped
      '.link:focus-visible{outline:2px solid}',
      '.item:not(.selected){color:gray}', // a class inside :not() does not rule a selector out
      '.list>.item.active{font-weight:bold}', // .active is on no element: dropped
      '@keyframes spin{to{transform:rotate(1turn)}}',
      '@media (min-width:40em){.dialog{inset:0}.summary{display:grid}}',
      '@media print{.dialog{display:none}}', // nothing left inside: dropped whole
      '@import "x.css";',
    ].join('');
    assert.deepEqual(rulesThatCanMatch(css, classesIn(html)), [
      ':root{--gap:1rem}',
      'a{color:blue}',
      '.card{padding:1rem}',
      '.card .empty,.card .list{margin:0}',
      '.link:focus-visible{outline:2px solid}',
      '.item:not(.selected){color:gray}',
      '@keyframes spin{to{transform:rotate(1turn)}}',
      '@media (min-width:40em){.summary{display:grid}}',
      '@import "x.css";',
    ]);
    assert.equal(dedupeStyleElements(`<style>${css}</style>${html}`).includes('.dialog'), false);
  });
});

import { describe, expect, it } from 'vitest';
import { withPageHead } from './page-head.js';

const entry =
  '<!doctype html><html lang="el"><head><meta name="description" content="Η κοινότητά μας" />' +
  '<title>Κοινότητα</title></head><body><div id="root"></div></body></html>';

const hostile = `</script><script>alert(1)</script> "quoted" & 'single' <!--`;

describe('the head of a page the server writes', () => {
  const html = withPageHead(entry, {
    title: hostile,
    description: `Line one\n${hostile}`,
    url: 'https://example.org/events/1?a=1&b=2',
    type: 'article',
    image: 'https://example.org/images/1.webp',
    jsonLd: { '@type': 'Event', name: hostile },
  });
  const head = html.slice(0, html.indexOf('</head>'));

  it('replaces the title and the description, once each', () => {
    expect(html.match(/<title>/g)).toHaveLength(1);
    expect(html).toContain('<title>&lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt; &quot;quoted&quot; &amp;');
    expect(html.match(/name="description"/g)).toHaveLength(1);
    expect(html).not.toContain('Η κοινότητά μας');
  });

  it('writes the OpenGraph tags with every value escaped', () => {
    expect(head).toContain('<meta property="og:type" content="article" />');
    expect(head).toContain('<meta property="og:url" content="https://example.org/events/1?a=1&amp;b=2" />');
    expect(head).toContain('<meta property="og:image" content="https://example.org/images/1.webp" />');
    expect(head).toContain('<link rel="canonical" href="https://example.org/events/1?a=1&amp;b=2" />');
    // The only script elements are the JSON-LD one; no text ever closes it or opens another.
    expect(head.match(/<script/g)).toHaveLength(1);
    expect(head.match(/<\/script>/g)).toHaveLength(1);
    expect(head).not.toContain('<!--');
  });

  it('sends structured data that parses back to what was given', () => {
    const json = /<script type="application\/ld\+json">(.*?)<\/script>/s.exec(head)![1]!;
    expect(JSON.parse(json)).toEqual({ '@type': 'Event', name: hostile });
  });

  it('leaves out what a page does not have', () => {
    const plain = withPageHead(entry, { title: 'Εκδηλώσεις', url: 'https://example.org/events', type: 'website' });
    expect(plain).not.toContain('og:image');
    expect(plain).not.toContain('og:description');
    expect(plain).not.toContain('ld+json');
    expect(plain).toContain('Η κοινότητά μας');
  });
});

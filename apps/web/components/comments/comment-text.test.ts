import { describe, expect, it } from 'vitest';
import { parseCommentText, safeHref } from './comment-text';

describe('parseCommentText', () => {
  it('leaves times as text in a live chat (hasTimes false): an hour of the day is no moment', () => {
    expect(parseCommentText('seen at 17:18:34 and 1:23', null, { hasTimes: false })).toEqual([
      { kind: 'text', text: 'seen at 17:18:34 and 1:23' },
    ]);
    expect(parseCommentText('at 1:23', null).map((s) => s.kind)).toEqual(['text', 'time']);
  });

  it('finds http and https links, leaving sentence punctuation out', () => {
    expect(parseCommentText('See https://example.com/a?b=1. And http://x.example!')).toEqual([
      { kind: 'text', text: 'See ' },
      { kind: 'link', text: 'https://example.com/a?b=1', href: 'https://example.com/a?b=1' },
      { kind: 'text', text: '. And ' },
      { kind: 'link', text: 'http://x.example', href: 'http://x.example/' },
      { kind: 'text', text: '!' },
    ]);
  });

  it('never makes a link of javascript:, data: or other schemes, nor of HTML', () => {
    for (const text of [
      'javascript:alert(1)',
      'data:text/html,<script>alert(1)</script>',
      '<a href="https://x.example">x</a>',
      'ftp://files.example/a',
    ]) {
      const links = parseCommentText(text).filter((s) => s.kind === 'link');
      for (const link of links) expect(link.kind === 'link' && link.href).toMatch(/^https?:\/\//);
    }
    expect(parseCommentText('<b>bold</b>')).toEqual([{ kind: 'text', text: '<b>bold</b>' }]);
    expect(safeHref('javascript:alert(1)')).toBeNull();
  });

  it('makes times like 1:23 and 1:02:03 into moments of the video', () => {
    expect(parseCommentText('The drop at 1:23, again at 1:02:03 and 0:05')).toEqual([
      { kind: 'text', text: 'The drop at ' },
      { kind: 'time', text: '1:23', seconds: 83 },
      { kind: 'text', text: ', again at ' },
      { kind: 'time', text: '1:02:03', seconds: 3723 },
      { kind: 'text', text: ' and ' },
      { kind: 'time', text: '0:05', seconds: 5 },
    ]);
  });

  it('leaves numbers that are not times, and times past the end of the video, as text', () => {
    for (const text of ['1:75', 'ratio 16:9', 'v1:23', '12:30:99', '3.1:20', '1:234']) {
      expect(
        parseCommentText(text).every((s) => s.kind === 'text'),
        text,
      ).toBe(true);
    }
    expect(parseCommentText('at 4:00', 200)).toEqual([{ kind: 'text', text: 'at 4:00' }]);
    expect(parseCommentText('at 3:20', 200)[1]).toEqual({
      kind: 'time',
      text: '3:20',
      seconds: 200,
    });
  });
});

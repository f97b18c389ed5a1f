import { describe, expect, it } from 'vitest';
import { parseSubtitles, parseSubtitleTime, plainCueText, toCleanVtt } from './subtitle-format';

describe('subtitle files', () => {
  it('reads WebVTT and SRT times', () => {
    expect(parseSubtitleTime('01:02.5')).toBe(62.5);
    expect(parseSubtitleTime('1:01:02.250')).toBe(3662.25);
    expect(parseSubtitleTime('00:00:03,040')).toBe(3.04);
    expect(parseSubtitleTime('3 seconds')).toBeNull();
  });

  it('keeps cues of a WebVTT file and drops its notes, styles and cue settings', () => {
    const vtt = [
      'WEBVTT - a title',
      '',
      'STYLE',
      '::cue { color: red }',
      '',
      'NOTE written by hand',
      '',
      'intro',
      '00:00.000 --> 00:01.000 align:start position:10%',
      '<v Roger>Hi &amp; welcome</v>',
      '',
    ].join('\n');
    expect(toCleanVtt(vtt)).toBe('WEBVTT\n\n00:00:00.000 --> 00:00:01.000\nHi & welcome\n');
  });

  it('makes cue text plain text: no tags, no markup, nothing that ends a cue', () => {
    expect(plainCueText('<b>bold</b> <img src=x onerror=alert(1)> a --> b\n\n&lt;c&gt;')).toBe(
      'bold  a -- b\nc',
    );
  });

  it('refuses what is not a subtitle file, and cues ending before they start', () => {
    expect(() => parseSubtitles('<html><body>hi</body></html>')).toThrow(/holds no subtitle/);
    expect(() => parseSubtitles('1\n00:00:05,000 --> 00:00:01,000\nBackwards\n')).toThrow(
      /ending before it starts/,
    );
    expect(() => parseSubtitles('1\n00:00:xx --> 00:00:01,000\nBad\n')).toThrow(/cannot be read/);
  });
});

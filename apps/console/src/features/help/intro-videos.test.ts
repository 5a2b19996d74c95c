import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { developmentConfig } from '@boon/console-kit/shell';
import { INTRO_VIDEO_NAMES, introVideoUrl, introVideos } from './intro-videos';

describe('introVideos', () => {
  it('lists the four videos of spec 9 in order, with titles and descriptions', () => {
    const videos = introVideos('Boon');
    expect(videos.map((video) => [video.name, video.title])).toEqual([
      ['home-walkthrough', 'Home walkthrough'],
      ['platform-overview', 'What is Boon?'],
      ['creating-rewards', 'Creating and sending rewards'],
      ['redemption-experience', 'The redemption experience'],
    ]);
    for (const video of videos) expect(video.description.length).toBeGreaterThan(20);
  });

  it.each([
    ['/help-videos', '/help-videos/home-walkthrough.webm'],
    ['/help-videos/', '/help-videos/home-walkthrough.webm'],
    ['https://cdn.boon.example/v', 'https://cdn.boon.example/v/home-walkthrough.webm'],
  ])('introVideoUrl under %s', (base, url) => {
    expect(introVideoUrl(base, 'home-walkthrough', 'webm')).toBe(url);
  });
});

describe('the default intro videos', () => {
  const folder = path.resolve(import.meta.dirname, '../../../public/help-videos');

  it.each(INTRO_VIDEO_NAMES)('%s ships as a WebM with WebVTT captions', (name) => {
    const video = fs.readFileSync(path.join(folder, `${name}.webm`));
    // Every WebM file starts with the EBML magic number.
    expect(video.subarray(0, 4)).toEqual(Buffer.from([0x1a, 0x45, 0xdf, 0xa3]));
    const captions = fs.readFileSync(path.join(folder, `${name}.vtt`), 'utf8');
    expect(captions.startsWith('WEBVTT')).toBe(true);
    expect(captions).toMatch(/\d\d:\d\d:\d\d\.\d{3} --> \d\d:\d\d:\d\d\.\d{3}/);
  });

  it.each(INTRO_VIDEO_NAMES)('%s ships a JPEG poster, the still shown before it plays', (name) => {
    const poster = fs.readFileSync(path.join(folder, `${name}.jpg`));
    // Every JPEG file starts with the SOI marker and a segment marker.
    expect(poster.subarray(0, 3)).toEqual(Buffer.from([0xff, 0xd8, 0xff]));
    expect(poster.length).toBeGreaterThan(5_000);
  });

  it('is the default configuration', () => {
    expect(developmentConfig().helpVideosUrl).toBe('/help-videos');
  });
});

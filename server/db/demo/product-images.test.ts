import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { MOTIFS, type MotifName } from './motifs';
import { makePalette } from './palette';
import { createProductImageDrawer } from './product-image-drawer';
import {
  drawingOf,
  type ImageJob,
  type ImageSubject,
  imageFilePaths,
  motifFor,
  productImageSvg,
} from './product-images';
import { createRng } from './random';

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'pehnava-images-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

// These tests hand the drawer its products directly, so it never needs to look any up.
const drawer = createProductImageDrawer({
  dataDir,
  source: { findByImage: async () => null, listAll: async () => [] },
});
const drawMissing = (jobs: ImageJob[]) => drawer.drawMissing({ jobs });

const kurta: ImageSubject = {
  name: 'Chikankari Cotton Kurta',
  category: 'Clothing',
  subCategory: 'Ethnic Wear',
  type: 'Kurta',
  colors: ['White', 'Sky Blue'],
};
const otherKurta: ImageSubject = { ...kurta, name: 'Ikat Linen Kurta', colors: ['Mustard'] };
const diya: ImageSubject = {
  name: 'Brass Diya Set',
  category: 'Home Decor',
  subCategory: 'Lighting',
  type: 'Diya',
  colors: ['Brass'],
};

/** Mean absolute difference per channel between two images of the same size, 0–255. */
async function difference(a: string, b: string): Promise<number> {
  const [pa, pb] = await Promise.all([a, b].map((f) => sharp(f).removeAlpha().raw().toBuffer()));
  if (!pa || !pb || pa.length !== pb.length) throw new Error('images differ in size');
  let sum = 0;
  for (let i = 0; i < pa.length; i++) sum += Math.abs((pa[i] as number) - (pb[i] as number));
  return sum / pa.length;
}

describe('product images', () => {
  const jobs: ImageJob[] = [
    {
      subject: kurta,
      images: [
        '/images/products/chikankari-cotton-kurta-aaaaaa-white.webp',
        '/images/products/chikankari-cotton-kurta-aaaaaa-white-2.webp',
        '/images/products/chikankari-cotton-kurta-aaaaaa-sky-blue.webp',
      ],
      imageColors: ['White', 'White', 'Sky Blue'],
    },
    { subject: otherKurta, images: ['/images/products/ikat-linen-kurta-bbbbbb.webp'], imageColors: [] },
    { subject: diya, images: ['/images/products/brass-diya-set-cccccc.webp'], imageColors: [] },
  ];

  it('renders a large and a small WebP for every image URL', async () => {
    const stats = await drawMissing(jobs);
    expect(stats).toMatchObject({ generated: 5, present: 0, foreign: 0 });
    for (const url of jobs.flatMap((j) => j.images)) {
      const files = imageFilePaths(dataDir, url);
      if (!files) throw new Error(`no files for ${url}`);
      const large = await sharp(files.lg).metadata();
      const small = await sharp(files.sm).metadata();
      expect([large.format, large.width, large.height]).toEqual(['webp', 800, 1000]);
      expect([small.format, small.width, small.height]).toEqual(['webp', 400, 500]);
      const bytes = (await readFile(files.lg)).length;
      expect(bytes).toBeGreaterThan(2_000);
      expect(bytes).toBeLessThan(100_000);
    }
  });

  it('draws distinct pictures for different products, views and kinds', async () => {
    const file = (url: string) => imageFilePaths(dataDir, url)?.lg as string;
    const [kurtaMain, kurtaSecond, kurtaBlue, otherMain, diyaMain] = jobs
      .flatMap((j) => j.images)
      .map(file) as string[];
    expect(await difference(kurtaMain as string, otherMain as string)).toBeGreaterThan(8);
    expect(await difference(kurtaMain as string, kurtaSecond as string)).toBeGreaterThan(8);
    expect(await difference(kurtaMain as string, kurtaBlue as string)).toBeGreaterThan(8);
    expect(await difference(kurtaMain as string, diyaMain as string)).toBeGreaterThan(8);
  });

  it('skips images that exist and redraws only the missing ones', async () => {
    const again = await drawMissing(jobs);
    expect(again).toMatchObject({ generated: 0, present: 5 });
    const lost = imageFilePaths(dataDir, '/images/products/brass-diya-set-cccccc.webp');
    await rm(lost?.sm as string);
    const repaired = await drawMissing(jobs);
    expect(repaired).toMatchObject({ generated: 1, present: 4 });
    expect(existsSync(lost?.sm as string)).toBe(true);
  });

  it('leaves URLs that are not generated product images alone', async () => {
    const stats = await drawMissing([
      {
        subject: diya,
        images: ['https://cdn.example.com/diya.jpg', '/images/uploads/review.webp'],
        imageColors: [],
      },
    ]);
    expect(stats).toMatchObject({ generated: 0, foreign: 2 });
  });

  it('draws an image of a colour in that colour, its view counted among that colour’s images', () => {
    const job = jobs[0] as ImageJob;
    const [white, whiteCloseUp, blue] = job.images;
    expect(drawingOf(job, white as string)).toEqual({ view: 0, colour: 'White' });
    expect(drawingOf(job, whiteCloseUp as string)).toEqual({ view: 1, colour: 'White' });
    expect(drawingOf(job, blue as string)).toEqual({ view: 0, colour: 'Sky Blue' });
    expect(drawingOf(job, '/images/products/elsewhere.webp')).toBeNull();
    // The kurta's fabric is filled with the colour's own shade (demo-data.ts COLOR_HEX).
    const blueSvg = productImageSvg(kurta, blue as string, 0, 'Sky Blue');
    expect(blueSvg).toContain('fill="#78b4dc"');
    expect(blueSvg).not.toContain('fill="#f4f1ea"');
    expect(productImageSvg(kurta, white as string, 0, 'White')).toContain('fill="#f4f1ea"');
  });

  it('draws images stored before they had colours as before: image n in colour n', () => {
    const legacy: ImageJob = {
      subject: { ...kurta, colors: ['White', 'Sky Blue'] },
      images: ['/images/products/k.webp', '/images/products/k-2.webp', '/images/products/k-3.webp'],
      imageColors: [],
    };
    expect(legacy.images.map((url) => drawingOf(legacy, url))).toEqual([
      { view: 0, colour: 'White' },
      { view: 1, colour: 'Sky Blue' },
      { view: 2, colour: 'White' },
    ]);
  });

  it('draws the same SVG for the same URL every time', () => {
    const url = '/images/products/brass-diya-set-cccccc.webp';
    expect(productImageSvg(diya, url)).toBe(productImageSvg(diya, url));
    expect(productImageSvg(diya, url)).not.toBe(productImageSvg(diya, url.replace('cccccc', 'dddddd')));
  });

  it('has a drawing that renders for every motif', async () => {
    const names = Object.keys(MOTIFS) as MotifName[];
    await Promise.all(
      names.map(async (name) => {
        const rng = createRng(name);
        const drawing = MOTIFS[name](makePalette('Rani Pink', rng, 0), rng, name);
        const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="400" height="500"><defs><pattern id="fab" width="8" height="8" patternUnits="userSpaceOnUse"><circle cx="4" cy="4" r="2"/></pattern></defs>${drawing}</svg>`;
        // Rendered small and on white: checks the SVG parses and actually draws something.
        const { data } = await sharp(Buffer.from(svg), { density: 18 })
          .flatten({ background: '#ffffff' })
          .raw()
          .toBuffer({ resolveWithObject: true });
        expect(
          data.some((v) => v < 200),
          name,
        ).toBe(true);
      }),
    );
  });

  it('picks the drawing by type, then by sub-category and category', () => {
    expect(motifFor(kurta)).toBe('kurta');
    expect(motifFor({ category: 'Clothing', subCategory: 'Sarees', type: 'Kanjeevaram' })).toBe('saree');
    expect(motifFor({ category: 'Kitchenware', subCategory: 'Cookware', type: 'Pressure Cooker' })).toBe(
      'kadai',
    );
    expect(motifFor({ category: 'Toys', subCategory: 'Puzzles', type: 'Jigsaw' })).toBe('teddy');
    expect(motifFor({ category: 'Stationery', subCategory: 'Paper', type: 'Notebook' })).toBe('giftbox');
  });
});

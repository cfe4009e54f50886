import { existsSync } from 'node:fs';
import { mkdir, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import {
  hasImageSizes,
  PRODUCT_IMAGE_PREFIX,
  PRODUCT_IMAGE_SIZES,
  productImageUrl,
} from '../../../common/images';
import { MOTIFS, type MotifName } from './motifs';
import { makePalette, type Palette } from './palette';
import { createRng, hashString, type Rng } from './random';

/** What an illustration is drawn from: fields every product row has, so any product can be redrawn. */
export interface ImageSubject {
  name: string;
  category: string;
  subCategory: string;
  type: string;
  colors: string[];
}

/** One product's illustrated images to make. */
export interface ImageJob {
  subject: ImageSubject;
  images: string[];
  /** The colour each image shows, by position ('' or missing: the product's n-th colour, as before). */
  imageColors: string[];
}

/** How one image of a product is drawn: which view, in which colour. */
export interface ImageDrawing {
  view: number;
  colour: string;
}

/**
 * How to draw `url` of a job, or null when the job does not hold it. An image of a colour is drawn in
 * that colour, its view counted among that colour's images (main, close-up, deep backdrop). Images
 * stored before they had colours keep the old rule, image n in colour n, so files already drawn for
 * them stay right.
 */
export function drawingOf(job: ImageJob, url: string): ImageDrawing | null {
  const index = job.images.indexOf(url);
  if (index < 0) return null;
  const colour = job.imageColors[index] ?? '';
  if (colour !== '') {
    const view = job.imageColors.slice(0, index).filter((c) => c === colour).length;
    return { view, colour };
  }
  const { colors } = job.subject;
  return { view: index, colour: colors[index % Math.max(1, colors.length)] ?? 'Multicolour' };
}

const BY_TYPE: Record<string, MotifName> = {
  kurta: 'kurta',
  'kurta set': 'kurta',
  'kurta pyjama set': 'kurta',
  kurti: 'kurta',
  'salwar suit': 'kurta',
  'nehru jacket': 'jacket',
  'nehru jacket set': 'jacket',
  sherwani: 'jacket',
  't-shirt': 'tshirt',
  top: 'tshirt',
  shirt: 'shirt',
  pyjama: 'trousers',
  chinos: 'trousers',
  shorts: 'trousers',
  vest: 'vest',
  trunks: 'vest',
  camisole: 'vest',
  dress: 'dress',
  frock: 'dress',
  anarkali: 'dress',
  lehenga: 'lehenga',
  'lehenga choli': 'lehenga',
  'pattu pavadai': 'lehenga',
  dupatta: 'dupatta',
  stole: 'dupatta',
  bangles: 'bangles',
  earrings: 'earrings',
  necklace: 'necklace',
  potli: 'potli',
  tote: 'tote',
  backpack: 'backpack',
  'school bag': 'backpack',
  wallet: 'wallet',
  mojari: 'footwear',
  juttis: 'footwear',
  kolhapuri: 'footwear',
  'analog watch': 'watch',
  'digital watch': 'watch',
  train: 'train',
  lattu: 'spinningTop',
  teddy: 'teddy',
  'rag doll': 'doll',
  kathputli: 'doll',
  'board game': 'boardGame',
  'kitchen set': 'teapot',
  'stacking toy': 'stacker',
  clips: 'hairclip',
  scrunchies: 'hairclip',
  diya: 'diya',
  lantern: 'lantern',
  vase: 'vase',
  'cushion cover': 'cushion',
  bedsheet: 'bedsheet',
  'table runner': 'bedsheet',
  painting: 'painting',
  kadai: 'kadai',
  tawa: 'pan',
  'thali set': 'thali',
  'pooja thali': 'thali',
  mug: 'mug',
  'water bottle': 'bottle',
  apron: 'apron',
  pen: 'pen',
  'dry fruit hamper': 'giftbox',
  'gift box': 'giftbox',
  rakhi: 'rakhi',
  'scented candle': 'candle',
};

const BY_SUB_CATEGORY: Record<string, MotifName> = {
  sarees: 'saree',
  dupattas: 'dupatta',
  jewellery: 'bangles',
  bags: 'tote',
  footwear: 'footwear',
  watches: 'watch',
  'soft toys': 'teddy',
  'wooden toys': 'train',
  lighting: 'diya',
  furnishing: 'cushion',
  cookware: 'kadai',
  drinkware: 'mug',
  serveware: 'thali',
};

const BY_CATEGORY: Record<string, MotifName> = {
  clothing: 'kurta',
  accessories: 'tote',
  toys: 'teddy',
  'home decor': 'vase',
  kitchenware: 'kadai',
  gifts: 'giftbox',
};

/** The drawing for a product: by type, then sub-category, then category; a gift box if all else fails. */
export function motifFor(subject: Pick<ImageSubject, 'category' | 'subCategory' | 'type'>): MotifName {
  // Sarees are named by weave (Banarasi, Kanjeevaram…), so their sub-category decides first.
  if (subject.subCategory.toLowerCase() === 'sarees') return 'saree';
  return (
    BY_TYPE[subject.type.toLowerCase()] ??
    BY_SUB_CATEGORY[subject.subCategory.toLowerCase()] ??
    BY_CATEGORY[subject.category.toLowerCase()] ??
    'giftbox'
  );
}

// Patterns are drawn without patternTransform: librsvg resamples a rotated pattern pixel by pixel,
// which made one image take half a second. Diagonal designs are drawn inside an upright tile instead.

/** A faint textile pattern for the background, in the palette's ink. */
function backgroundPattern(rng: Rng, ink: string, opacity: number): string {
  const size = rng.pick([20, 24, 28, 32]);
  const h = size / 2;
  const paint = `fill="${ink}" fill-opacity="${opacity}"`;
  const line = `fill="none" stroke="${ink}" stroke-opacity="${opacity}"`;
  const kinds = [
    // Bandhani dots.
    `<circle cx="${h}" cy="${h}" r="${size / 9}" ${paint}/><circle cx="0" cy="0" r="${size / 12}" ${paint}/><circle cx="${size}" cy="0" r="${size / 12}" ${paint}/><circle cx="0" cy="${size}" r="${size / 12}" ${paint}/><circle cx="${size}" cy="${size}" r="${size / 12}" ${paint}/>`,
    // Diamond jaal (lattice).
    `<path d="M${h} 0 L${size} ${h} L${h} ${size} L0 ${h} Z" ${line} stroke-width="1.4"/>`,
    // Pinstripes.
    `<rect x="0" y="0" width="${size / 6}" height="${size}" ${paint}/>`,
    // Diagonal stripes, as in leheriya.
    `<path d="M0 ${size} L${size} 0 M${-h} ${h} L${h} ${-h} M${h} ${size + h} L${size + h} ${h}" ${line} stroke-width="${size / 6}"/>`,
    // Chevron, as in ikat.
    `<path d="M0 ${h} L${h} ${size / 5} L${size} ${h}" ${line} stroke-width="2"/>`,
    // Checks.
    `<rect x="0" y="0" width="${h}" height="${h}" ${paint}/><rect x="${h}" y="${h}" width="${h}" height="${h}" ${paint}/>`,
    // Small block-print flowers.
    `<circle cx="${h}" cy="${h - size / 7}" r="${size / 10}" ${paint}/><circle cx="${h}" cy="${h + size / 7}" r="${size / 10}" ${paint}/><circle cx="${h - size / 7}" cy="${h}" r="${size / 10}" ${paint}/><circle cx="${h + size / 7}" cy="${h}" r="${size / 10}" ${paint}/>`,
  ];
  return `<pattern id="bgp" width="${size}" height="${size}" patternUnits="userSpaceOnUse">${rng.pick(kinds)}</pattern>`;
}

/** The pattern laid over fabrics and finishes in the drawing (`url(#fab)`). */
function fabricPattern(rng: Rng, p: Palette, motif: MotifName): string {
  const metal = ['kadai', 'pan', 'bottle', 'thali'].includes(motif);
  if (metal) {
    // Hammered metal: scattered light dents.
    return `<pattern id="fab" width="18" height="18" patternUnits="userSpaceOnUse"><circle cx="5" cy="5" r="3" fill="#ffffff" fill-opacity="0.16"/><circle cx="14" cy="13" r="2.5" fill="#000000" fill-opacity="0.1"/></pattern>`;
  }
  const size = rng.pick([14, 16, 20]);
  const h = size / 2;
  const kinds = [
    `<circle cx="${h}" cy="${h}" r="1.8" fill="${p.light}" fill-opacity="0.55"/>`,
    `<path d="M0 ${h} L${size} ${h}" stroke="${p.dark}" stroke-width="2" stroke-opacity="0.25"/>`,
    `<path d="M${h} 2 L${size - 3} ${h} L${h} ${size - 2} L3 ${h} Z" fill="none" stroke="${p.accent}" stroke-width="1" stroke-opacity="0.5"/>`,
    `<rect x="0" y="0" width="${h}" height="${size}" fill="${p.dark}" fill-opacity="0.12"/>`,
    `<path d="M0 ${size} L${size} 0" stroke="${p.light}" stroke-width="1.5" stroke-opacity="0.45"/>`,
    `<circle cx="${h}" cy="${h}" r="${size / 5}" fill="none" stroke="${p.light}" stroke-width="1" stroke-opacity="0.5"/>`,
  ];
  return `<pattern id="fab" width="${size}" height="${size}" patternUnits="userSpaceOnUse">${rng.pick(kinds)}</pattern>`;
}

/** A border inspired by saree edges: temple triangles, a dotted frame or a double rule. */
function border(rng: Rng, colour: string): string {
  const kind = rng.int(0, 2);
  if (kind === 0) {
    let teeth = '';
    for (let x = 0; x < 400; x += 20) {
      teeth += `<path d="M${x} 0 L${x + 10} 14 L${x + 20} 0 Z M${x} 500 L${x + 10} 486 L${x + 20} 500 Z"/>`;
    }
    return `<g fill="${colour}" opacity="0.55">${teeth}</g>`;
  }
  if (kind === 1) {
    return `<rect x="14" y="14" width="372" height="472" rx="10" fill="none" stroke="${colour}" stroke-width="3" stroke-dasharray="1 8" stroke-linecap="round" opacity="0.7"/>`;
  }
  return `<rect x="12" y="12" width="376" height="476" fill="none" stroke="${colour}" stroke-width="2" opacity="0.5"/><rect x="20" y="20" width="360" height="460" fill="none" stroke="${colour}" stroke-width="1" opacity="0.5"/>`;
}

/**
 * The SVG of one product image, drawn in `colour` (the product's first colour unless told). `view` 0
 * is the main picture; 1 is a close-up on a shifted palette; 2 is the product on a deep backdrop. The
 * URL seeds the details, so every file is drawn its own way and the same URL always gets the same
 * picture.
 */
export function productImageSvg(
  subject: ImageSubject,
  url: string,
  view = 0,
  colour = subject.colors[0] ?? 'Multicolour',
): string {
  const rng = createRng(hashString(`${url}#${view}`));
  const palette = makePalette(colour, rng, view);
  const motifName = motifFor(subject);
  const drawing = MOTIFS[motifName](palette, rng, `${subject.type} ${subject.name}`.toLowerCase());
  const lightBackground = palette.ink !== '#ffffff';
  // Only vertical gradients: pixman fills those a row at a time, diagonal ones cost a third of the render.
  const [y1, y2] = rng.chance(0.7) ? [0, 1] : [1, 0];
  let stage: string;
  let placed: string;
  // Scales and offsets are chosen so the fabric pattern lands on whole device pixels (tile × 2 × scale
  // is an integer, offsets are whole pixels): librsvg then tiles it directly instead of resampling,
  // which renders about twice as fast.
  if (view === 1) {
    // Close-up: the drawing enlarged about a point of interest, cropped by the frame.
    const scale = rng.pick([1.5, 2]);
    const cx = rng.int(170, 230);
    const cy = rng.int(220, 280);
    placed = `<g transform="translate(${200 - cx * scale} ${250 - cy * scale}) scale(${scale})">${drawing}</g>`;
    stage = '';
  } else {
    const scale = view === 2 ? 0.75 : 1;
    const dx = 200 - 200 * scale + rng.int(-6, 6);
    // Keep the object standing on its shadow.
    const dy = (view === 2 ? 436 : 444) - 436 * scale;
    placed = `<g transform="translate(${dx} ${dy}) scale(${scale})">${drawing}</g>`;
    const archColour = lightBackground ? '#ffffff' : palette.light;
    stage =
      view === 2
        ? `<circle cx="200" cy="280" r="165" fill="${palette.light}" opacity="0.16"/>`
        : // A Mughal arch behind the product, like a jharokha window.
          `<path d="M60 470 L60 190 Q60 110 130 80 Q170 62 200 30 Q230 62 270 80 Q340 110 340 190 L340 470 Z" fill="${archColour}" opacity="${lightBackground ? 0.55 : 0.12}"/>`;
  }
  const shadow =
    view === 1
      ? ''
      : `<ellipse cx="200" cy="${view === 2 ? 436 : 444}" rx="130" ry="12" fill="#000000" opacity="0.14"/>`;

  return `<svg xmlns="http://www.w3.org/2000/svg" width="${PRODUCT_IMAGE_SIZES.lg.width}" height="${PRODUCT_IMAGE_SIZES.lg.height}" viewBox="0 0 400 500">
<defs><linearGradient id="bg" x1="0" y1="${y1}" x2="0" y2="${y2}"><stop offset="0" stop-color="${palette.bgFrom}"/><stop offset="1" stop-color="${palette.bgTo}"/></linearGradient>
${backgroundPattern(rng, palette.ink, lightBackground ? 0.09 : 0.1)}${fabricPattern(rng, palette, motifName)}</defs>
<rect width="400" height="500" fill="url(#bg)"/><rect width="400" height="500" fill="url(#bgp)"/>
${stage}${shadow}${placed}${border(rng, lightBackground ? palette.accent : palette.light)}
</svg>`;
}

/** Where a stored image URL lives on disk, or null for URLs that are not generated product images. */
export function imageFilePaths(dataDir: string, url: string): { lg: string; sm: string } | null {
  if (!hasImageSizes(url)) return null;
  const root = path.join(dataDir, 'images');
  const toFile = (u: string) => path.join(root, ...u.slice('/images/'.length).split('/'));
  return { lg: toFile(url), sm: toFile(productImageUrl(url, 'sm')) };
}

// Encoding is most of the seed's time. The large image uses the fastest effort (about 30 KB, 40% faster
// than effort 2); the small one, shown many times on every list page, gets effort 2 for smaller files.
// smartSubsample looks marginally better but multiplies the encoding time, so it stays off.
const WEBP_LARGE = { quality: 75, effort: 0 } as const;
const WEBP_SMALL = { quality: 75, effort: 2 } as const;

/**
 * Renders the SVG once at full size and encodes both renditions from those pixels. Files are written
 * under a temporary name and renamed, so a reader (or a second app instance seeding at the same time)
 * never sees half a file.
 */
export async function renderImageFiles(svg: string, files: { lg: string; sm: string }): Promise<void> {
  const { data, info } = await sharp(Buffer.from(svg))
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const raw = { raw: { width: info.width, height: info.height, channels: info.channels } } as const;
  const suffix = `.${process.pid}.${hashString(files.lg).toString(36)}.tmp`;
  await mkdir(path.dirname(files.lg), { recursive: true });
  await Promise.all([
    sharp(data, raw)
      .webp(WEBP_LARGE)
      .toFile(files.lg + suffix)
      .then(() => rename(files.lg + suffix, files.lg)),
    sharp(data, raw)
      .resize(PRODUCT_IMAGE_SIZES.sm.width, PRODUCT_IMAGE_SIZES.sm.height)
      .webp(WEBP_SMALL)
      .toFile(files.sm + suffix)
      .then(() => rename(files.sm + suffix, files.sm)),
  ]).catch(async (error: unknown) => {
    await Promise.all([rm(files.lg + suffix, { force: true }), rm(files.sm + suffix, { force: true })]);
    throw error;
  });
}

/** One missing image of a product: which URL, and the files to write for it. */
export interface MissingImage {
  url: string;
  files: { lg: string; sm: string };
  job: ImageJob;
}

/** Sorts the images of `jobs` into those to draw, those already on disk and URLs that are not ours. */
export function planMissingImages(
  dataDir: string,
  jobs: ImageJob[],
): { missing: MissingImage[]; present: number; foreign: number } {
  const missing: MissingImage[] = [];
  let present = 0;
  let foreign = 0;
  for (const job of jobs) {
    for (const url of job.images) {
      const files = imageFilePaths(dataDir, url);
      if (!files || !url.startsWith(PRODUCT_IMAGE_PREFIX)) foreign += 1;
      else if (existsSync(files.lg) && existsSync(files.sm)) present += 1;
      else missing.push({ url, files, job });
    }
  }
  return { missing, present, foreign };
}

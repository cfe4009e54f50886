import { COLOR_HEX } from './demo-data';
import { hashString, type Rng } from './random';

/** The colours one illustration is drawn with. */
export interface Palette {
  /** The product's own colour. */
  main: string;
  /** Shadows, outlines and deep details. */
  dark: string;
  /** Highlights and inner panels. */
  light: string;
  /** Trims, zari, metal: a contrasting colour. */
  accent: string;
  /** Further colours for multi-coloured things (toys, prints). */
  extra: string[];
  /** Background gradient. */
  bgFrom: string;
  bgTo: string;
  /** Colour of the background pattern, drawn faintly. */
  ink: string;
}

interface Hsl {
  h: number;
  s: number;
  l: number;
}

function hexToHsl(hex: string): Hsl {
  const n = Number.parseInt(hex.slice(1), 16);
  const r = ((n >> 16) & 255) / 255;
  const g = ((n >> 8) & 255) / 255;
  const b = (n & 255) / 255;
  const max = Math.max(r, g, b);
  const min = Math.min(r, g, b);
  const l = (max + min) / 2;
  if (max === min) return { h: 0, s: 0, l };
  const d = max - min;
  const s = l > 0.5 ? d / (2 - max - min) : d / (max + min);
  let h: number;
  if (max === r) h = (g - b) / d + (g < b ? 6 : 0);
  else if (max === g) h = (b - r) / d + 2;
  else h = (r - g) / d + 4;
  return { h: h * 60, s, l };
}

function hslToHex({ h, s, l }: Hsl): string {
  const hue = ((h % 360) + 360) % 360;
  const sat = Math.min(1, Math.max(0, s));
  const lig = Math.min(1, Math.max(0, l));
  const c = (1 - Math.abs(2 * lig - 1)) * sat;
  const x = c * (1 - Math.abs(((hue / 60) % 2) - 1));
  const m = lig - c / 2;
  const [r, g, b] =
    hue < 60
      ? [c, x, 0]
      : hue < 120
        ? [x, c, 0]
        : hue < 180
          ? [0, c, x]
          : hue < 240
            ? [0, x, c]
            : hue < 300
              ? [x, 0, c]
              : [c, 0, x];
  const to = (v: number) =>
    Math.round((v + m) * 255)
      .toString(16)
      .padStart(2, '0');
  return `#${to(r)}${to(g)}${to(b)}`;
}

const VIVID = ['#e23b3b', '#f2b705', '#1f9e89', '#3b6fd8', '#e8702a', '#8e44ad', '#d6246e', '#2e9e44'];
const GOLD = '#d6a73c';

/** The hex for a colour name; unknown names get a stable colour of their own. */
export function colorHex(name: string): string {
  const known = COLOR_HEX[name];
  if (known) return known;
  return hslToHex({ h: hashString(name) % 360, s: 0.55, l: 0.45 });
}

/**
 * Builds the palette from the product's colour. Light products (white, ivory, silver) sit on a deep
 * background so they stand out; everything else sits on a pale tint of a neighbouring hue.
 */
export function makePalette(colorName: string, rng: Rng, view: number): Palette {
  const multi = colorName === 'Multicolour';
  const base = multi ? rng.pick(VIVID) : colorHex(colorName);
  const hsl = hexToHsl(base);
  const extra = rng.shuffle(VIVID).slice(0, 4);
  const dark = hslToHex({ h: hsl.h, s: Math.min(1, hsl.s * 1.05), l: hsl.l * 0.55 });
  const light = hslToHex({ h: hsl.h, s: hsl.s * 0.7, l: Math.min(0.93, hsl.l + (1 - hsl.l) * 0.6) });
  const isGoldish = hsl.h > 30 && hsl.h < 60 && hsl.s > 0.4;
  const accent = isGoldish ? hslToHex({ h: hsl.h + 180, s: 0.55, l: 0.35 }) : GOLD;

  const shift = rng.pick([-40, -25, 25, 40, 150, 180, 200]);
  const deepBackground = hsl.l > 0.72 || view === 2;
  let bgFrom: string;
  let bgTo: string;
  let ink: string;
  if (deepBackground) {
    const hue = hsl.s < 0.15 ? rng.pick([190, 345, 230, 150, 20]) : hsl.h + shift;
    bgFrom = hslToHex({ h: hue, s: 0.45, l: 0.3 });
    bgTo = hslToHex({ h: hue + 20, s: 0.5, l: 0.18 });
    ink = '#ffffff';
  } else {
    const hue = (hsl.s < 0.12 ? rng.int(0, 359) : hsl.h) + (view === 1 ? shift : shift / 3);
    bgFrom = hslToHex({ h: hue, s: 0.55, l: 0.94 });
    bgTo = hslToHex({ h: hue + 15, s: 0.5, l: 0.8 });
    ink = hslToHex({ h: hue, s: 0.5, l: 0.3 });
  }
  return { main: base, dark, light, accent, extra, bgFrom, bgTo, ink };
}

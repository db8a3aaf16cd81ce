import sharp from "sharp";
import type { DemoGame, GoodsKind } from "./demo-games.js";

/**
 * Demo catalogue pictures drawn as SVG and rendered to PNG with sharp: a colour gradient per game, its
 * initials on the cover, an icon per kind of goods, and the title on product pictures.
 */

const FONT = "DejaVu Sans, Liberation Sans, Arial, Helvetica, sans-serif";
const CATEGORY_SIZE = 256;
const PRODUCT_WIDTH = 640;
const PRODUCT_HEIGHT = 480;
const THUMBNAIL_WIDTH = 400;

// White glyphs drawn in a 100×100 box.
const icons: Record<GoodsKind, string> = {
  accounts: `<circle cx="50" cy="34" r="18"/><path d="M16 88c0-20 15-33 34-33s34 13 34 33z"/>`,
  items: `<path d="M30 16h40l18 22-38 48-38-48z"/><path d="M12 38h76M38 16l12 70 12-70" fill="none" stroke="#000" stroke-opacity=".25" stroke-width="3"/>`,
  keys: `<path fill-rule="evenodd" d="M30 29a21 21 0 1 1 0 42a21 21 0 1 1 0-42zm0 10a11 11 0 1 0 0 22a11 11 0 1 0 0-22z"/><path d="M48 45h42v10h-8v14H72V55h-6v10H56V55h-8z"/>`,
  currency: [72, 58, 44, 30]
    .map((cy) => `<ellipse cx="50" cy="${cy}" rx="32" ry="11" stroke="#000" stroke-opacity=".3" stroke-width="3"/>`)
    .join(""),
  boosting: `<path d="M58 6 20 56h26l-8 38 42-54H54z"/>`,
};

const kindLabels: Record<GoodsKind, string> = {
  accounts: "ACCOUNT",
  items: "ITEM",
  keys: "KEY",
  currency: "CURRENCY",
  boosting: "BOOSTING",
};

function escapeXml(text: string): string {
  return text.replace(/[<>&"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

function gradient(palette: readonly [string, string], angle: number): string {
  return `<defs><linearGradient id="bg" gradientTransform="rotate(${angle} .5 .5)">
    <stop offset="0" stop-color="${palette[0]}"/><stop offset="1" stop-color="${palette[1]}"/></linearGradient></defs>`;
}

function icon(kind: GoodsKind, x: number, y: number, size: number, opacity: number): string {
  return `<g transform="translate(${x} ${y}) scale(${size / 100})" fill="#fff" fill-opacity="${opacity}">${icons[kind]}</g>`;
}

/** Splits a title into at most `maxLines` lines of about `width` characters. */
function wrap(text: string, width: number, maxLines: number): string[] {
  const lines: string[] = [];
  for (const word of text.split(/\s+/)) {
    const last = lines.at(-1);
    if (last !== undefined && `${last} ${word}`.length <= width) lines[lines.length - 1] = `${last} ${word}`;
    else lines.push(word);
  }
  if (lines.length <= maxLines) return lines;
  return [
    ...lines.slice(0, maxLines - 1),
    `${lines
      .slice(maxLines - 1)
      .join(" ")
      .slice(0, width - 1)}…`,
  ];
}

function toPng(svg: string): Promise<Buffer> {
  return sharp(Buffer.from(svg)).png().toBuffer();
}

/** A game's square cover: its gradient, initials and name. */
export function renderGameCover(game: DemoGame): Promise<Buffer> {
  const size = CATEGORY_SIZE;
  const initialsSize = game.initials.length > 2 ? 84 : 112;
  return toPng(`<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}">${gradient(game.palette, 45)}
    <rect width="${size}" height="${size}" rx="28" fill="url(#bg)"/>
    <circle cx="${size - 40}" cy="40" r="90" fill="#fff" fill-opacity=".07"/>
    <text x="50%" y="140" text-anchor="middle" font-family="${FONT}" font-weight="bold" font-size="${initialsSize}" fill="#fff">${escapeXml(game.initials)}</text>
    <text x="50%" y="214" text-anchor="middle" font-family="${FONT}" font-size="22" fill="#fff" fill-opacity=".85">${escapeXml(game.name)}</text>
  </svg>`);
}

/** A subcategory's square picture: the game's gradient with the icon of its kind of goods. */
export function renderSubcategoryImage(game: DemoGame, name: string, kind: GoodsKind): Promise<Buffer> {
  const size = CATEGORY_SIZE;
  return toPng(`<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}">${gradient(game.palette, 135)}
    <rect width="${size}" height="${size}" rx="28" fill="url(#bg)"/>
    ${icon(kind, 68, 36, 120, 0.95)}
    <text x="50%" y="212" text-anchor="middle" font-family="${FONT}" font-weight="bold" font-size="24" fill="#fff">${escapeXml(name)}</text>
  </svg>`);
}

/** A product picture (640×480) and its 400 px wide thumbnail; `variant` changes the composition. */
export async function renderProductImage(
  game: DemoGame,
  kind: GoodsKind,
  title: string,
  variant: number,
): Promise<{ image: Buffer; thumbnail: Buffer }> {
  const lines = wrap(title, 24, 3);
  const text = lines
    .map((line, index) => `<tspan x="48" dy="${index === 0 ? 0 : 46}">${escapeXml(line)}</tspan>`)
    .join("");
  const image =
    await toPng(`<svg xmlns="http://www.w3.org/2000/svg" width="${PRODUCT_WIDTH}" height="${PRODUCT_HEIGHT}">
    ${gradient(game.palette, variant % 2 === 0 ? 30 : 150)}
    <rect width="${PRODUCT_WIDTH}" height="${PRODUCT_HEIGHT}" fill="url(#bg)"/>
    ${variant % 2 === 0 ? icon(kind, 380, 150, 300, 0.16) : icon(kind, 410, 24, 200, 0.2)}
    <text x="48" y="76" font-family="${FONT}" font-weight="bold" font-size="22" letter-spacing="3" fill="#fff" fill-opacity=".8">${escapeXml(game.name.toUpperCase())}</text>
    <text x="48" y="${variant % 2 === 0 ? 200 : 250}" font-family="${FONT}" font-weight="bold" font-size="38" fill="#fff">${text}</text>
    <rect x="48" y="392" width="${62 + kindLabels[kind].length * 14}" height="44" rx="22" fill="#fff" fill-opacity=".92"/>
    ${icon(kind, 60, 402, 24, 1).replace('fill="#fff"', `fill="${game.palette[1]}"`)}
    <text x="92" y="422" font-family="${FONT}" font-weight="bold" font-size="18" fill="${game.palette[1]}">${kindLabels[kind]}</text>
  </svg>`);
  const thumbnail = await sharp(image).resize({ width: THUMBNAIL_WIDTH }).png().toBuffer();
  return { image, thumbnail };
}

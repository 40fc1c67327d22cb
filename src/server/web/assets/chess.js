// The board from a FEN, and its words from Fluent: squares, pieces and colours are said with
// the server's own vocabulary (announce.ftl, server.ftl), so German says "Felix drei".

import { t } from './i18n.js';

export const FILES = ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h'];
export const RANKS = ['1', '2', '3', '4', '5', '6', '7', '8'];
export const ROLES = ['king', 'queen', 'rook', 'bishop', 'knight', 'pawn'];
export const COLORS = ['white', 'black'];
export const START_FEN = 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1';

const LETTERS = { k: 'king', q: 'queen', r: 'rook', b: 'bishop', n: 'knight', p: 'pawn' };
const GLYPHS = {
  white: { king: '♔', queen: '♕', rook: '♖', bishop: '♗', knight: '♘', pawn: '♙' },
  black: { king: '♚', queen: '♛', rook: '♜', bishop: '♝', knight: '♞', pawn: '♟' },
};

/** Parses a FEN: `{pieces: Map<square, {color, role}>, turn, fullmove}`. */
export function parseFen(fen) {
  const [placement, turn, , , , fullmove] = (fen || START_FEN).split(' ');
  const pieces = new Map();
  placement.split('/').forEach((row, i) => {
    const rank = 8 - i;
    let file = 0;
    for (const ch of row) {
      if (/\d/.test(ch)) {
        file += Number(ch);
        continue;
      }
      const color = ch === ch.toUpperCase() ? 'white' : 'black';
      pieces.set(`${FILES[file]}${rank}`, { color, role: LETTERS[ch.toLowerCase()] });
      file += 1;
    }
  });
  return { pieces, turn: turn === 'b' ? 'black' : 'white', fullmove: Number(fullmove) || 1 };
}

export function glyph(piece) {
  return GLYPHS[piece.color][piece.role];
}

/** "Felix drei" / "fe üç" / "f3". */
export function squareName(square) {
  return t('square-name', {
    file: t('file-name', { file: square[0] }),
    rank: t('rank-name', { rank: square[1] }),
  });
}

export function fileName(file) {
  return t('file-name', { file });
}

export function rankName(rank) {
  return t('rank-name', { rank });
}

export function pieceName(role) {
  return t('piece-name', { role });
}

export function colorName(color) {
  return t('color-name', { color });
}

/** "weißer Springer", "beyaz at", "white knight". */
export function coloredPiece(piece) {
  return t('web-piece', { color: piece.color, role: piece.role });
}

/** "Felix drei, weißer Springer" or "Felix drei, leer" (`pieceFirst`: "weißer Springer,
 * Felix drei"). */
export function describeSquare(pieces, square, pieceFirst = false) {
  const piece = pieces.get(square);
  if (!piece) return t('web-square-empty', { square: squareName(square) });
  return t(pieceFirst ? 'web-piece-square' : 'web-square-piece', { square: squareName(square), piece: coloredPiece(piece) });
}

/** A list said with the language's own separators ("a, b or c" style is not needed here). */
export function list(items) {
  return items.reduce((acc, item) => (acc === null ? item : t('list-comma', { first: acc, second: item })), null) ?? '';
}

/** Squares in reading order: a1, b1, ... h8. */
export function allSquares() {
  const out = [];
  for (const r of RANKS) for (const f of FILES) out.push(`${f}${r}`);
  return out;
}

/** Whether a move from `from` to `to` is a pawn reaching the last rank. */
export function isPromotion(pieces, from, to) {
  const piece = pieces.get(from);
  return !!piece && piece.role === 'pawn' && ((piece.color === 'white' && to[1] === '8') || (piece.color === 'black' && to[1] === '1'));
}

// The physical procedure in the browser (docs/protocol.md, "The Appendix at the table"): the
// boards in front of the players as `state.table` shows them, the move under way, and what a
// move of the visually impaired player still needs before the clock may be pressed (F4 /
// D.2.3-D.2.4) as the server decides it (`state.table.made`), said with the server's own
// sentences (server.ftl `missing-*`).

import { sentences, t } from './i18n.js';
import { parseFen, squareName, coloredPiece, colorName, isPromotion } from './chess.js';
import { choosePromotion, uciOf } from './boardview.js';

const ROLE_OF = { k: 'king', q: 'queen', r: 'rook', b: 'bishop', n: 'knight', p: 'pawn' };

/** The pieces of a board placement (the first field of a FEN). */
export function placementPieces(placement) {
  return parseFen(`${placement} w - - 0 1`).pieces;
}

/** The piece of a FEN letter: `N` is a white knight. */
export function pieceOfLetter(letter) {
  return { color: letter === letter.toUpperCase() ? 'white' : 'black', role: ROLE_OF[letter.toLowerCase()] };
}

/** A board's hand from the state (`{piece: "N", from: "g1"}`) as `{piece, from}` or null. */
export function handOf(board) {
  return board?.hand ? { piece: pieceOfLetter(board.hand.piece), from: board.hand.from } : null;
}

/** `color`'s board as `state.table` shows it (kind, placement, hand, matches). */
export function boardOf(conn, color) {
  return conn.info?.table?.[`${color}_board`] ?? null;
}

/** The side to move in the official game (`state.turn`, and `turn` of each move event). */
export function turnOf(conn) {
  return conn.turn;
}

/**
 * Whether the move of `color` (to move, visually impaired) is made on his board, as the server
 * says in `state.table.made`: `{made: true}`, `{missing: {announcement, capture, placement,
 * board, same_move}}`, or null when nothing of it has happened yet.
 */
export function madeStatus(conn, color) {
  const made = conn.info?.table?.made;
  if (!made || made.color !== color || turnOf(conn) !== color || conn.status !== 'playing') return null;
  if (made.state === 'made') return { made: true };
  if (made.state === 'behind') {
    // His board lacks the opponent's last move: said in the move's own words.
    const last = conn.moves.at(-1);
    const move = last && last.uci === made.behind ? last : null;
    return { behind: { color: move?.color ?? (color === 'white' ? 'black' : 'white'), words: move ? (move.full || move.san) : made.behind } };
  }
  if (made.state === 'missing' && made.missing) return { missing: made.missing };
  return null;
}

/** The made-move status as one sentence for the live region or a status line. */
export function madeText(status) {
  if (!status) return t('web-made-nothing');
  if (status.made) return t('web-made-ready');
  if (status.behind) return t('web-made-behind', { color: colorName(status.behind.color), move: status.behind.words });
  const m = status.missing;
  const parts = [];
  if (m.announcement) parts.push(t('missing-announcement'));
  if (m.capture) parts.push(t('missing-capture', { square: squareName(m.capture) }));
  if (m.placement) parts.push(t('missing-placement', { square: squareName(m.placement) }));
  if (m.board) parts.push(t('missing-board'));
  if (m.same_move) parts.push(t('missing-same-move'));
  return t('web-made-missing', { missing: sentences(parts) });
}

/** "White's board (tactile): shows the game." plus the lifted piece, for a status line. */
export function boardStateText(conn, color) {
  const board = boardOf(conn, color);
  if (!board) return '';
  const shows = boardShows(board);
  const parts = [shows === 'game' || shows === 'differs'
    ? t('web-board-matches', { matches: shows === 'game' ? 'yes' : 'no' })
    : t('web-board-shows', { shows, color: colorName(color === 'white' ? 'black' : 'white') })];
  const hand = handOf(board);
  if (hand) parts.push(t('web-board-hand', { piece: coloredPiece(hand.piece), square: squareName(hand.from) }));
  return sentences(parts);
}

/** What `board` shows against the game, as the server says it (`shows`): `game`, `moving`
 * (the move under way), `behind` (the opponent's last move still to be made on it) or
 * `differs` (a divergence for the arbiter). */
export function boardShows(board) {
  return board?.shows ?? (board?.matches ? 'game' : 'differs');
}

/** The heading of a player's board: "White's board (tactile)". */
export function boardHeading(conn, color) {
  const board = boardOf(conn, color);
  return t('web-table-board', { color: colorName(color), kind: board?.kind ?? 'normal' });
}

/** The touch-move obligation standing for the player to move, said as the server says it. */
export function obligationText(conn) {
  const ob = conn.info?.table?.obligation;
  if (!ob) return '';
  return t('error-touch-move', { rule: ob.rule, square: squareName(ob.square) });
}

/**
 * The board events a seat sends for `color`'s board from a BoardView: a tactile board lifts
 * (L, or Enter/click on a piece with the hand empty), places (P, or Enter/click on an empty
 * square with a piece in the hand; a pawn on its last rank asks what it becomes) and removes
 * a captured piece (X); a normal board moves a piece (pick and drop, as a digital board) and
 * touches one (T). `color` is the board's side (or a function giving it). `send(msg)` sends the `board` message and says a refusal; `say(text)`
 * answers what needs no message; `promotion` is the promotion <dialog>.
 */
export function boardActions(conn, color, { send, say, promotion, view }) {
  const side = () => (typeof color === 'function' ? color() : color);
  const kind = () => boardOf(conn, side())?.kind ?? 'normal';
  const ev = (action, extra) => send({ type: 'board', board: side(), action, ...extra });
  const lift = (sq) => ev('lift', { square: sq });
  const remove = (sq) => ev('remove', { square: sq });
  const place = async (sq) => {
    const hand = handOf(boardOf(conn, side()));
    if (hand && hand.piece.role === 'pawn' && ((hand.piece.color === 'white' && sq[1] === '8') || (hand.piece.color === 'black' && sq[1] === '1'))) {
      const role = await choosePromotion(promotion);
      view().focusSquare(sq);
      if (!role) return false;
      return ev('place', { square: sq, promotion: { queen: 'q', rook: 'r', bishop: 'b', knight: 'n' }[role] });
    }
    return ev('place', { square: sq });
  };
  return {
    /** Enter or a click on a tactile board; false leaves a normal board to pick and drop. */
    onActivate: (sq) => {
      if (kind() !== 'tactile') return false;
      const hand = boardOf(conn, side())?.hand;
      const piece = view().pieces.get(sq);
      if (!hand && piece) lift(sq);
      else if (hand && !piece) place(sq);
      else if (hand) say(t('web-tactile-occupied', { square: squareName(sq) }));
      else say(view().describe(sq));
      return true;
    },
    onKey: (key, sq) => {
      const tactile = kind() === 'tactile';
      if (key === 'l' && tactile) lift(sq);
      else if (key === 'p' && tactile) place(sq);
      else if (key === 'x' && tactile) remove(sq);
      else if (key === 't' && !tactile) ev('touch', { square: sq });
      else return false;
      return true;
    },
    onMove: async (from, to) => {
      let role = null;
      if (isPromotion(view().pieces, from, to)) {
        role = await choosePromotion(promotion);
        if (!role) return;
      }
      await ev('move', { uci: uciOf(from, to, role) });
    },
    lift,
    place,
    remove,
    kind,
  };
}

// A board anyone can operate: a group of 64 squares (buttons, so that a screen reader says each
// as its square and what stands on it, "Eva drei leer", and adds no row or column of its own),
// one of them in the tab order (the focused one, said on entry). With `grid` (the blind
// player's page) it is an ARIA grid of rows and cells instead: a screen reader switches to its
// focus mode there by itself (Orca's browse mode would take the arrows and letters), so every
// key reaches the page; each cell is still named by its square and piece alone. Arrow keys move square by
// square, Home/End and PageUp/PageDown jump to the row's or column's end, Enter or Space picks a
// piece and then its square, Escape lets go. With `explore` (the blind player's page), K Q R B N
// P jump to the next piece of one's own of that kind (with Shift: the opponent's), 1-8 to that
// rank on the same file, S reads the rank of the focused square and Shift+S its file (through
// `onSay`). A pointer
// can click origin and destination or drag a piece. A physical board (the physical procedure)
// also shows the piece in the hand, lets the page take over Enter and clicks (`onActivate`:
// a tactile board lifts and places) and hands other keys to `onKey` (L, P, X, T).

import { t } from './i18n.js';
import { FILES, parseFen, glyph, describeSquare, pieceName, coloredPiece, squareName, rankName, fileName, list } from './chess.js';

const ROLE_KEYS = { k: 'king', q: 'queen', r: 'rook', b: 'bishop', n: 'knight', p: 'pawn' };

/** The squares in reading order from White's side: a1 … h1, a2 … h8. */
const ORDER = [];
for (const r of [1, 2, 3, 4, 5, 6, 7, 8]) for (const f of FILES) ORDER.push(`${f}${r}`);

/** The square a side's player starts on: his king's pawn. */
export function homeSquare(color) {
  return color === 'black' ? 'e7' : 'e2';
}

export class BoardView {
  /**
   * @param {HTMLElement} el the grid element (role=grid, labelled)
   * @param {object} opts {orientation, interactive, onMove(from, to), onSelect(square|null, text),
   *   onFocusSquare(square, text), explore: the piece, rank and scan keys (K Q R B N P, 1-8, S),
   *   onSay(text): what such a key asked to be said (a rank, no such piece),
   *   side: () => the colour the board's keys call one's own (default: the orientation)}
   */
  constructor(el, opts = {}) {
    this.el = el;
    this.opts = opts;
    this.orientation = opts.orientation || 'white';
    this.pieces = parseFen(null).pieces;
    this.selected = null;
    this.focused = homeSquare(this.orientation);
    this.focusMoved = false; // whether the reader has moved the focus himself
    this.focusing = false; // focusSquare is moving the focus (and says the square itself)
    this.lastMove = null;
    this.hand = null; // {piece, from}: a piece lifted out of its hole
    this.dragging = null;
    this.cells = new Map();
    this.build();
    el.addEventListener('keydown', (e) => this.key(e));
    el.addEventListener('pointerdown', (e) => this.pointerDown(e));
    el.addEventListener('pointerup', (e) => this.pointerUp(e));
    el.addEventListener('focusin', (e) => {
      const sq = e.target.dataset?.square;
      if (!sq) return;
      this.focused = sq;
      // Entering the board from outside (Tab, a click): the focused square is said.
      const fromOutside = !(e.relatedTarget instanceof Node && el.contains(e.relatedTarget));
      if (fromOutside && !this.focusing) this.opts.onFocusSquare?.(sq, this.describe(sq));
    });
  }

  build() {
    this.el.replaceChildren();
    this.cells.clear();
    const ranks = this.orientation === 'white' ? [8, 7, 6, 5, 4, 3, 2, 1] : [1, 2, 3, 4, 5, 6, 7, 8];
    const files = this.orientation === 'white' ? FILES : [...FILES].reverse();
    const grid = !!this.opts.grid;
    this.el.setAttribute('role', grid ? 'grid' : 'group');
    for (const r of ranks) {
      const row = document.createElement('div');
      row.className = 'board-row';
      if (grid) row.setAttribute('role', 'row');
      for (const f of files) {
        const sq = `${f}${r}`;
        const cell = document.createElement('div');
        cell.setAttribute('role', grid ? 'gridcell' : 'button');
        // A grid's cell is said with its row and column ("row 6", counted from the top) where
        // the page gives no text for them (Orca's default); its name already says its square.
        if (grid) {
          cell.setAttribute('aria-rowindextext', ' ');
          cell.setAttribute('aria-colindextext', ' ');
        }
        cell.dataset.square = sq;
        cell.className = `sq ${(FILES.indexOf(f) + r) % 2 === 0 ? 'light' : 'dark'}`;
        cell.tabIndex = -1;
        const g = document.createElement('span');
        g.className = 'glyph';
        g.setAttribute('aria-hidden', 'true');
        cell.append(g);
        // The coordinates are drawn by CSS from these attributes: no text inside the square,
        // so its name is its square and piece only (WCAG 2.5.3: no visible text it lacks).
        if (f === files[0]) cell.dataset.rankLabel = String(r);
        if (r === ranks[7]) cell.dataset.fileLabel = f;
        row.append(cell);
        this.cells.set(sq, cell);
      }
      this.el.append(row);
    }
    this.render();
  }

  setOrientation(color) {
    if (color !== this.orientation) {
      this.orientation = color;
      // Playing Black, the board starts on a square of his side, not on e2.
      if (!this.focusMoved) this.focused = homeSquare(color);
      this.build();
    }
  }

  /** The colour the keys call one's own. */
  side() {
    return this.opts.side?.() ?? this.orientation;
  }

  setFen(fen, lastUci = null) {
    this.setPieces(parseFen(fen).pieces, lastUci);
  }

  /** Shows `pieces` (a Map square -> piece), the last move and the piece in the hand. */
  setPieces(pieces, lastUci = null, hand = null) {
    this.pieces = pieces;
    this.hand = hand;
    this.lastMove = lastUci ? [lastUci.slice(0, 2), lastUci.slice(2, 4)] : null;
    if (this.selected && !this.pieces.get(this.selected)) this.selected = null;
    this.render();
  }

  /** What a square holds, said: its piece, and the lifted piece if it came from there. */
  describe(sq) {
    const text = describeSquare(this.pieces, sq, !!this.opts.pieceFirst?.());
    if (this.hand?.from !== sq) return text;
    return t('web-square-lifted', { square: text, piece: coloredPiece(this.hand.piece) });
  }

  render() {
    for (const [sq, cell] of this.cells) {
      const piece = this.pieces.get(sq);
      const g = cell.querySelector('.glyph');
      g.textContent = piece ? glyph(piece) : '';
      g.classList.toggle('white', piece?.color === 'white');
      g.classList.toggle('black', piece?.color === 'black');
      cell.setAttribute('aria-label', this.selected === sq ? t('web-square-picked', { square: this.describe(sq) }) : this.describe(sq));
      cell.classList.toggle('selected', this.selected === sq);
      cell.classList.toggle('lifted', this.hand?.from === sq);
      cell.classList.toggle('last', !!this.lastMove?.includes(sq));
      cell.tabIndex = sq === this.focused ? 0 : -1;
    }
  }

  /** Moves the keyboard focus to a square (and says it through onFocusSquare). */
  focusSquare(sq) {
    this.focused = sq;
    this.focusMoved = true;
    for (const [s, cell] of this.cells) cell.tabIndex = s === sq ? 0 : -1;
    this.focusing = true;
    this.cells.get(sq).focus();
    this.focusing = false;
    this.opts.onFocusSquare?.(sq, this.describe(sq));
  }

  /** K Q R B N P (Shift: the opponent's): the next such piece after `from`, in reading order
   * from one's own side, round the board; said when there is none. */
  jumpToPiece(role, theirs, from) {
    const mine = this.side();
    const color = theirs ? (mine === 'white' ? 'black' : 'white') : mine;
    const order = mine === 'white' ? ORDER : [...ORDER].reverse();
    const start = order.indexOf(from);
    for (let i = 1; i <= 64; i += 1) {
      const sq = order[(start + i) % 64];
      const p = this.pieces.get(sq);
      if (p && p.color === color && p.role === role) {
        this.focusSquare(sq);
        return;
      }
    }
    this.opts.onSay?.(t('web-board-no-piece', { piece: coloredPiece({ color, role }) }));
  }

  /** S: the rank of the focused square; Shift+S: its file (occupied squares only). */
  scan(sq, file) {
    const squares = file
      ? ['1', '2', '3', '4', '5', '6', '7', '8'].map((r) => `${sq[0]}${r}`)
      : FILES.map((f) => `${f}${sq[1]}`);
    if (this.side() === 'black') squares.reverse();
    const occupied = squares.filter((s) => this.pieces.get(s));
    const text = occupied.length
      ? list(occupied.map((s) => t('web-square-piece', { square: squareName(s), piece: coloredPiece(this.pieces.get(s)) })))
      : t('web-say-line-empty');
    this.opts.onSay?.(file
      ? t('web-say-file', { file: fileName(sq[0]), squares: text })
      : t('web-say-rank', { rank: rankName(sq[1]), squares: text }));
  }

  key(e) {
    const sq = e.target.dataset?.square;
    if (!sq) return;
    const f = FILES.indexOf(sq[0]);
    const r = Number(sq[1]);
    const dir = this.orientation === 'white' ? 1 : -1;
    let target = null;
    switch (e.key) {
      case 'ArrowUp': target = [f, r + dir]; break;
      case 'ArrowDown': target = [f, r - dir]; break;
      case 'ArrowLeft': target = [f - dir, r]; break;
      case 'ArrowRight': target = [f + dir, r]; break;
      case 'Home': target = [this.orientation === 'white' ? 0 : 7, r]; break;
      case 'End': target = [this.orientation === 'white' ? 7 : 0, r]; break;
      case 'PageUp': target = [f, this.orientation === 'white' ? 8 : 1]; break;
      case 'PageDown': target = [f, this.orientation === 'white' ? 1 : 8]; break;
      case 'Enter':
      case ' ':
        e.preventDefault();
        this.activate(sq);
        return;
      case 'Escape':
        if (this.selected) {
          e.preventDefault();
          this.select(null);
        }
        return;
      default: {
        if (e.ctrlKey || e.metaKey || e.altKey) return;
        // A page's own keys first (the tactile board's L, P, X, T), then the board's.
        if (this.opts.interactive && this.opts.onKey && this.opts.onKey(e.key.toLowerCase(), sq)) {
          e.preventDefault();
          e.stopPropagation();
          return;
        }
        // The explorer's keys, where the page asks for them (the blind player's: the other
        // seats' pages keep R and C for repeating and the clock). Handled here, not also there.
        if (!this.opts.explore) return;
        // The page's own exploring keys (moves, captures, around, history ...).
        if (this.opts.onExplore?.(e, sq)) {
          e.preventDefault();
          e.stopPropagation();
          return;
        }
        const key = e.key.toLowerCase();
        if (ROLE_KEYS[key]) this.jumpToPiece(ROLE_KEYS[key], e.shiftKey, sq);
        else if (/^[1-8]$/.test(e.key)) this.focusSquare(`${sq[0]}${e.key}`);
        else if (key === 's') this.scan(sq, e.shiftKey);
        else return;
        e.preventDefault();
        e.stopPropagation();
        return;
      }
    }
    e.preventDefault();
    const [tf, tr] = target;
    if (tf >= 0 && tf < 8 && tr >= 1 && tr <= 8) this.focusSquare(`${FILES[tf]}${tr}`);
    else this.opts.onEdge?.(sq);
  }

  select(sq) {
    this.selected = sq;
    this.render();
    this.opts.onSelect?.(sq, sq ? this.describe(sq) : null);
  }

  activate(sq) {
    if (!this.opts.interactive) {
      this.opts.onFocusSquare?.(sq, this.describe(sq));
      return;
    }
    if (this.opts.onActivate?.(sq)) return;
    if (this.selected && this.selected !== sq) {
      const from = this.selected;
      this.selected = null;
      this.render();
      this.opts.onMove?.(from, sq);
    } else if (this.selected === sq) {
      this.select(null);
    } else if (this.pieces.get(sq)) {
      this.select(sq);
    } else {
      this.opts.onFocusSquare?.(sq, this.describe(sq));
    }
  }

  cellAt(e) {
    const el = document.elementFromPoint(e.clientX, e.clientY);
    return el?.closest?.('[data-square]') ?? null;
  }

  pointerDown(e) {
    const cell = e.target.closest?.('[data-square]');
    if (!cell || e.button !== 0) return;
    e.preventDefault();
    const sq = cell.dataset.square;
    this.focused = sq;
    cell.focus();
    this.activate(sq);
    this.dragging = this.selected === sq ? sq : null;
    if (this.dragging) this.el.classList.add('dragging');
  }

  pointerUp(e) {
    const from = this.dragging;
    this.dragging = null;
    this.el.classList.remove('dragging');
    if (!from) return;
    const cell = this.cellAt(e);
    if (cell && cell.dataset.square !== from && this.selected === from) this.activate(cell.dataset.square);
  }
}

/**
 * Asks which piece a pawn becomes, in a modal dialog; resolves with the role or null.
 * `dialog` is a <dialog> element holding a heading and a `.choices` container.
 */
export function choosePromotion(dialog) {
  return new Promise((resolve) => {
    const box = dialog.querySelector('.choices');
    box.replaceChildren();
    const done = (role) => {
      dialog.close();
      resolve(role);
    };
    for (const role of ['queen', 'rook', 'bishop', 'knight']) {
      const b = document.createElement('button');
      b.type = 'button';
      b.textContent = pieceName(role);
      b.addEventListener('click', () => done(role));
      box.append(b);
    }
    const cancel = document.createElement('button');
    cancel.type = 'button';
    cancel.textContent = t('web-cancel');
    cancel.addEventListener('click', () => done(null));
    box.append(cancel);
    dialog.addEventListener('cancel', () => resolve(null), { once: true });
    dialog.showModal();
    box.firstElementChild.focus();
  });
}

/** The UCI of a move, with the promotion letter. */
export function uciOf(from, to, role) {
  const letter = { queen: 'q', rook: 'r', bishop: 'b', knight: 'n' }[role] ?? '';
  return `${from}${to}${letter}`;
}

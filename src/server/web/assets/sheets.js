// A board's seat sheet to print (issue 18, issue 31): the event, the round and the board at
// the top of every sheet, each player with his FIDE id, and each seat's link as text and as a
// QR code. The round's creation prints one per board; the round desk prints a board's sheet
// again with the links it has just issued.

import { t } from './i18n.js';

/** "White: Anna Weiss (German)" for one seat's link. */
function seatLabel(link, board) {
  const side = link.seat.startsWith('white') ? 'white' : link.seat.startsWith('black') ? 'black' : null;
  return t('web-link-label', {
    seat: t('web-seat-name', { seat: link.seat }),
    name: side ? board[side].name : '-',
    lang: t('web-lang-name', { lang: link.lang }),
  });
}

/** A player as the sheet names him: with his FIDE id when he has one. */
function named(p) {
  return p.fide_id ? t('web-sheet-player-fide', { name: p.name, fide: p.fide_id }) : p.name;
}

/**
 * One board's sheet: `round` has `event` and `round`; `board` has `board`, `white`, `black`
 * and `seats` (the links to print).
 */
export function seatSheet(round, board) {
  const section = document.createElement('section');
  section.className = 'seat-sheet';
  const top = document.createElement('p');
  top.className = 'sheet-event';
  top.textContent = t('web-sheet-event', { event: round.event || '-', round: round.round || '-', board: board.board });
  const h = document.createElement('h3');
  h.textContent = t('web-round-sheet-heading', { board: board.board, white: named(board.white), black: named(board.black) });
  const list = document.createElement('ul');
  list.className = 'seat-links';
  for (const s of board.seats) {
    const label = seatLabel(s, board);
    const li = document.createElement('li');
    li.dataset.seat = s.seat;
    const name = document.createElement('p');
    name.className = 'seat-label';
    name.textContent = label;
    const a = document.createElement('a');
    a.href = s.url;
    a.textContent = s.url;
    a.className = 'seat-url';
    const img = document.createElement('img');
    img.src = s.qr;
    img.width = 160;
    img.height = 160;
    img.alt = t('web-round-qr', { seat: label });
    li.append(name, img, a);
    list.append(li);
  }
  section.append(top, h, list);
  return section;
}

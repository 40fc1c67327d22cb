// A player's electronic board (issue 33, docs/eboard.md) in the browser: what its bridge
// reports (`board_status`, typed) is said in the blind player's live region in German, in
// the Appendix's square words, and on his assistant's page in English; the bridge takes no
// seat's place, so his page stays connected; when the bridge leaves, both hear it. The bridge
// is a WebSocket greeting with the player's token and `"eboard": true`, opened from a page of
// its own (what `hamle board` sends; tests/it/eboard.rs drives the real bridge over a
// pseudo-terminal). Run: cargo build && cd web-tests && npm ci && npm test

import { describe, it } from 'node:test';
import { Session } from './session.js';

const session = new Session();
const { pages } = session;
let server;
const hear = (pattern, since, name) => session.hear(pattern, since, name);
const lines = (name) => session.lines(name);

describe('an electronic board in the browser', { timeout: 300000 }, () => {
  session.useServer((s) => (server = s));

  let game;
  const link = (page, seat, lang) => `${server.url}/${page}?lang=${lang}#game=${game.id}&token=${game.tokens[seat]}`;

  it('the blind player and his assistant hear what his board needs', async () => {
    const created = await fetch(`${server.url}/api/games`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        white: { name: 'Anna', visually_impaired: true, assistant: true },
        black: { name: 'Ben' },
        languages: { white: 'de', white_assistant: 'en', black: 'en' },
        rules: { procedure: 'physical' },
      }),
    });
    game = await created.json();
    pages.blind = await session.newPage(link('vi', 'white', 'de'));
    await hear(/Sie spielen Weiß/);
    pages.assistant = await session.newPage(link('assistant', 'white_assistant', 'en'));
    await pages.assistant.locator('#table').waitFor({ state: 'visible' });

    // The bridge, from a page of its own on the server's origin.
    pages.bridge = await session.newPage(`${server.url}/?lang=en`);
    const blindBefore = (await lines()).length;
    const assistantBefore = (await lines('assistant')).length;
    await pages.bridge.evaluate(
      ([id, token]) =>
        new Promise((done, fail) => {
          const ws = new WebSocket(`ws://${location.host}/api/games/${id}/ws`);
          window.bridge = ws;
          ws.onopen = () => ws.send(JSON.stringify({ type: 'hello', v: 1, token, eboard: true }));
          ws.onmessage = (e) => {
            const msg = JSON.parse(e.data);
            if (msg.type === 'state') {
              ws.send(
                JSON.stringify({
                  type: 'board_status',
                  id: 1,
                  status: 'mismatch',
                  missing: [{ square: 'f3', piece: 'N' }],
                  extra: [{ square: 'e5', piece: 'N' }],
                }),
              );
            } else if (msg.type === 'ack' && msg.id === 1) done();
            else if (msg.type === 'error') fail(new Error(msg.message));
          };
        }),
      [game.id, game.tokens.white],
    );
    await hear(/Ihr Brett stimmt nicht mit der Partie überein/, blindBefore);
    await hear(/Nimm den weißen Springer von Eva fünf, setze ihn auf Felix drei\./, blindBefore);
    await hear(/White's board differs from the game/, assistantBefore, 'assistant');
    await hear(/Lift the white knight from e5 and put it on f3\./, assistantBefore, 'assistant');

    // The bridge leaves: both hear that the board is no longer linked; the page was never
    // replaced (it still hears the server).
    await pages.bridge.evaluate(() => window.bridge.close());
    await hear(/Ihr elektronisches Brett ist nicht mehr mit der Partie verbunden/, blindBefore);
    await hear(/White's electronic board is no longer linked to the game/, assistantBefore, 'assistant');
  });
});

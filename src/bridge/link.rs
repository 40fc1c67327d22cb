//! A seat link, as the lobby and the round desk hand it out: the page, the seat's language, and
//! (in the fragment, never sent to the server) the game and the seat's token:
//! `http://host:7878/vi?lang=de#game=4cee8d149eb40099&token=6397f106…`. The bridge reads the
//! server's address, the game, the token and the language from it, and speaks the WebSocket
//! protocol at `ws://host:7878/api/games/<game>/ws` (`wss` for `https`).
//!
//! ```
//! use hamle::bridge::link::SeatLink;
//! use hamle::announce::Lang;
//!
//! let link = SeatLink::parse(
//!     "https://club.example/vi?lang=tr#game=4cee8d149eb40099&token=6397f106a1b2c3d4e5f60718293a4b5c",
//! )
//! .unwrap();
//! assert_eq!(link.ws_url(), "wss://club.example/api/games/4cee8d149eb40099/ws");
//! assert_eq!(link.lang, Some(Lang::Tr));
//! ```

use crate::announce::Lang;

/// A seat link, read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SeatLink {
    /// `http` or `https`.
    secure: bool,
    /// `host` or `host:port`.
    pub authority: String,
    /// 16 lowercase hex digits.
    pub game: String,
    pub token: String,
    /// The page's language (`?lang=`), which is the seat's.
    pub lang: Option<Lang>,
}

/// Why a text is not a seat link (said as `bridge-bad-link`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LinkError {
    /// Not `http://` or `https://`.
    Scheme,
    /// No host.
    Host,
    /// No `game=` of 16 lowercase hex digits in the fragment.
    Game,
    /// No `token=` of hex digits in the fragment.
    Token,
}

impl SeatLink {
    /// Reads a seat link (surrounding white space ignored).
    pub fn parse(text: &str) -> Result<SeatLink, LinkError> {
        let text = text.trim();
        let (secure, rest) = if let Some(r) = text.strip_prefix("https://") {
            (true, r)
        } else if let Some(r) = text.strip_prefix("http://") {
            (false, r)
        } else {
            return Err(LinkError::Scheme);
        };
        let (before_fragment, fragment) = rest.split_once('#').unwrap_or((rest, ""));
        let (before_query, query) = before_fragment
            .split_once('?')
            .unwrap_or((before_fragment, ""));
        let authority = before_query.split('/').next().unwrap_or("");
        let host_ok = !authority.is_empty()
            && !authority.contains('@')
            && authority
                .bytes()
                .all(|b| b.is_ascii_alphanumeric() || b".-:[]_".contains(&b));
        if !host_ok {
            return Err(LinkError::Host);
        }
        let param = |pairs: &str, key: &str| -> Option<String> {
            pairs.split('&').find_map(|pair| {
                let (k, v) = pair.split_once('=')?;
                (k == key).then(|| v.to_owned())
            })
        };
        let game = param(fragment, "game")
            .filter(|g| g.len() == 16 && g.bytes().all(|b| matches!(b, b'0'..=b'9' | b'a'..=b'f')))
            .ok_or(LinkError::Game)?;
        let token = param(fragment, "token")
            .filter(|t| (16..=128).contains(&t.len()) && t.bytes().all(|b| b.is_ascii_hexdigit()))
            .ok_or(LinkError::Token)?;
        let lang = param(query, "lang").and_then(|l| l.parse().ok());
        Ok(SeatLink {
            secure,
            authority: authority.to_owned(),
            game,
            token,
            lang,
        })
    }

    /// The game's WebSocket.
    pub fn ws_url(&self) -> String {
        let scheme = if self.secure { "wss" } else { "ws" };
        format!("{scheme}://{}/api/games/{}/ws", self.authority, self.game)
    }

    /// The server, for the terminal (`http://host:port`).
    pub fn server(&self) -> String {
        let scheme = if self.secure { "https" } else { "http" };
        format!("{scheme}://{}", self.authority)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const TOKEN: &str = "6397f106a1b2c3d4e5f60718293a4b5c";

    #[test]
    fn links_of_every_page_read_and_anything_else_says_what_is_wrong() {
        let ok = |text: &str| SeatLink::parse(text).unwrap_or_else(|e| panic!("{text}: {e:?}"));
        let link = ok(&format!(
            "http://127.0.0.1:7878/vi?lang=de#game=4cee8d149eb40099&token={TOKEN}"
        ));
        assert_eq!(
            link.ws_url(),
            "ws://127.0.0.1:7878/api/games/4cee8d149eb40099/ws"
        );
        assert_eq!(link.server(), "http://127.0.0.1:7878");
        assert_eq!(link.token, TOKEN);
        assert_eq!(link.lang, Some(Lang::De));
        // The fragment's order, no query, another page, surrounding space.
        let link = ok(&format!(
            "  http://[::1]:8080/board#token={TOKEN}&game=00000000000000ff\n"
        ));
        assert_eq!(
            link.ws_url(),
            "ws://[::1]:8080/api/games/00000000000000ff/ws"
        );
        assert_eq!(link.lang, None);
        // An unknown language is left to the seat's.
        assert_eq!(
            ok(&format!(
                "http://h/vi?lang=xx#game=00000000000000ff&token={TOKEN}"
            ))
            .lang,
            None
        );
        let err = |text: &str| SeatLink::parse(text).unwrap_err();
        assert_eq!(
            err("ftp://h/vi#game=00000000000000ff&token=ab"),
            LinkError::Scheme
        );
        assert_eq!(err("4cee8d149eb40099"), LinkError::Scheme);
        assert_eq!(
            err(&format!("http:///vi#game=00000000000000ff&token={TOKEN}")),
            LinkError::Host
        );
        assert_eq!(
            err(&format!(
                "http://u@h/vi#game=00000000000000ff&token={TOKEN}"
            )),
            LinkError::Host
        );
        assert_eq!(err(&format!("http://h/vi#token={TOKEN}")), LinkError::Game);
        assert_eq!(
            err(&format!("http://h/vi#game=4CEE8D149EB40099&token={TOKEN}")),
            LinkError::Game
        );
        assert_eq!(err("http://h/vi#game=00000000000000ff"), LinkError::Token);
        assert_eq!(
            err("http://h/vi#game=00000000000000ff&token=not-hex!"),
            LinkError::Token
        );
        // The game and the token belong in the fragment, which the page never sends.
        assert_eq!(
            err(&format!("http://h/vi?game=00000000000000ff&token={TOKEN}")),
            LinkError::Game
        );
    }
}

//! The WebSocket client-message decoder on any text: it must answer (a message or an error
//! with a stable code), never panic, and keep request ids within their limit.
#![no_main]

use hamle::server::wire::{ClientMsg, MAX_ID_LEN, decode};
use libfuzzer_sys::fuzz_target;
use serde_json::Value;

fn id_ok(id: &Value) -> bool {
    match id {
        Value::String(s) => s.len() <= MAX_ID_LEN,
        Value::Number(n) => n.is_i64() || n.is_u64(),
        _ => false,
    }
}

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    match decode(text) {
        Ok(msg) => {
            let id = match &msg {
                ClientMsg::Hello { .. } => None,
                ClientMsg::Move { id, .. }
                | ClientMsg::Announce { id, .. }
                | ClientMsg::Pause { id }
                | ClientMsg::Resume { id }
                | ClientMsg::SetClock { id, .. }
                | ClientMsg::End { id, .. }
                | ClientMsg::State { id }
                | ClientMsg::Ping { id } => Some(id),
            };
            if let Some(id) = id {
                assert!(id_ok(id), "accepted id {id}");
            }
        }
        Err((e, id)) => {
            assert!(!e.code().is_empty());
            if let Some(id) = id {
                assert!(id_ok(&id), "echoed id {id}");
            }
        }
    }
});

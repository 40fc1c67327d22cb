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
            // Every message but `hello` was accepted with a valid id.
            if !matches!(msg, ClientMsg::Hello(_)) {
                let sent: Value = serde_json::from_str(text).expect("decoded, so JSON");
                assert!(id_ok(&sent["id"]), "accepted id {}", sent["id"]);
            }
        }
        Err((e, id)) => {
            assert!(!e.code().name().is_empty());
            if let Some(id) = id {
                assert!(id_ok(&id), "echoed id {id}");
            }
        }
    }
});

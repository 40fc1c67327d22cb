//! System voice test (placeholder while being written).

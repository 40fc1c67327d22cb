//! A round of many boards under one arbiter (issue 18): which events raise an alert and a board's line (`alerts`), the HTTP routes that create and run a round (`routes`), the round desk's socket (`desk_socket`), its results for the pairing program (`results`), seat links issued again and a board's sheet printed again (`links`), its games as one PGN while they are played (`live`).

pub mod alerts;
pub mod desk_socket;
pub mod links;
pub mod live;
pub mod results;
pub mod routes;

//! A round of many boards under one arbiter (issue 18): which events raise an alert and a board's line (`alerts`), the HTTP routes that create and run a round (`routes`), the round desk's socket (`desk_socket`), its results for the pairing program (`results`), its boards' incident records as the reports the arbiter signs (`report`).

pub mod alerts;
pub mod desk_socket;
pub mod report;
pub mod results;
pub mod routes;

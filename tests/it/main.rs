//! The app's integration tests (command line and terminal game), in one binary (one link
//! instead of one per file).
#![allow(clippy::unwrap_used, clippy::panic, reason = "a test that cannot unwrap has failed, and says so by panicking")]

mod batch;
mod batch_files;
mod cli;
mod cli_bad_input;
mod cli_export_sheet;
mod cli_gen;
mod cli_gen_shape;
mod cli_review;
mod content_built_in;
mod daily_archive;
mod daily_wording;
mod deploy;
mod fuzz;
mod hardening;
mod hostile_text;
mod ilp_sat_cli;
mod learn_lessons;
mod limits_hold;
mod module_map;
mod packs;
mod puzzles;
mod readme_capture;
#[cfg(feature = "serve")]
mod serve_client;
mod serve_daily;
#[cfg(feature = "serve")]
mod serve_daily_fair;
#[cfg(feature = "serve")]
mod serve_hardening;
#[cfg(feature = "serve")]
mod serve_harness;
#[cfg(feature = "serve")]
mod serve_job_memory;
#[cfg(feature = "serve")]
mod serve_load;
#[cfg(feature = "serve")]
mod serve_login_time;
#[cfg(feature = "serve")]
mod serve_openssh;
#[cfg(feature = "serve")]
mod serve_promises;
#[cfg(feature = "serve")]
mod serve_race;
#[cfg(feature = "serve")]
mod serve_race_limits;
#[cfg(feature = "serve")]
mod serve_race_load;
#[cfg(feature = "serve")]
mod serve_race_openssh;
#[cfg(feature = "serve")]
mod serve_race_told;
#[cfg(feature = "serve")]
mod serve_wording;
mod solve_memory;
mod text_checks;
mod tui_app;
mod tui_common;
mod tui_data_files;
mod tui_dialog;
mod tui_explorer;
mod tui_half_blocks;
mod tui_hint;
mod tui_keys;
mod tui_learn;
mod tui_measure;
mod tui_packs;
mod tui_race;
mod tui_race_rules;
mod tui_review;
mod tui_review_line;
mod tui_saves;
mod tui_screens;
mod tui_sizes;
mod tui_snapshots;
mod tui_stakes;
mod tui_tempting_line;
mod tui_tmux;
mod tui_views;

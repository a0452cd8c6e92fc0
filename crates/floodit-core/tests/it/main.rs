//! The core crate's integration tests, in one binary (one link instead of one per file).
#![allow(clippy::unwrap_used, clippy::panic, reason = "a test that cannot unwrap has failed, and says so by panicking")]

mod analysis_explain;
mod analysis_oracle;
mod analysis_review;
mod bound_vs_oracle;
mod common;
mod daily_interest;
mod design_props;
mod exact_datasets;
mod exact_vs_oracle;
mod grade_agreement;
mod heuristic_props;
mod heuristic_trap;
mod ilp_sat_blog;
mod ilp_sat_props;
mod ilp_sat_table;
mod limits_large;
mod model_props;
mod poly_cases;
mod poly_common;
mod poly_heavy;
mod poly_oracle;
mod proof_words;
mod review_lines;
mod review_refine;
mod shape_picture;

//! `floodit solvers`: what each solver does and promises.

use super::args::SolversArgs;
use super::{CliError, CliResult, out};
use crate::solver::registry;

pub fn run(args: SolversArgs) -> CliResult {
    let entries = registry::entries();
    let infos: Vec<_> = entries.iter().filter_map(|e| e.make(None).ok().map(|s| (s.info(), e.option))).collect();
    if args.json {
        let list: Vec<_> = infos
            .iter()
            .map(|(i, opt)| {
                let mut v = serde_json::to_value(i).expect("serialisable");
                if let Some((name, default)) = opt {
                    v["option"] = serde_json::json!({ "name": name, "default": default });
                }
                v
            })
            .collect();
        return out::println(serde_json::to_string_pretty(&list).map_err(CliError::bad_input)?);
    }
    let mut text = String::new();
    for (info, opt) in infos {
        let option = opt.map(|(n, d)| format!("  option: {}:{n} (default {d})", info.name)).unwrap_or_default();
        let free = if info.free_mode { "fixed and free modes" } else { "fixed mode" };
        text += &format!("{:<14} {} · {free}{option}\n", info.name, info.family.name());
        text += &format!("{:<14} {}\n", "", info.summary);
        text += &format!("{:<14} guarantee: {}\n", "", info.guarantee);
        text += &format!("{:<14} complexity: {}\n\n", "", info.complexity);
    }
    out::print(text)
}

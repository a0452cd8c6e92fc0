//! `floodit solvers`: an overview (a line a solver: its family and modes), then what each
//! solver does and promises.

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
    let modes = |free: bool| if free { "fixed and free modes" } else { "fixed mode" };
    // An overview, a line a solver, then a paragraph each.
    let width = infos.iter().map(|(i, _)| i.name.len()).max().unwrap_or(0);
    let mut text = String::new();
    for (info, _) in &infos {
        text += &format!("{:<width$}  {:<10}  {}\n", info.name, info.family.name(), modes(info.free_mode));
    }
    text += "\n";
    for (info, opt) in infos {
        let option = opt.map(|(n, d)| format!("  option: {}:{n} (default {d})", info.name)).unwrap_or_default();
        let free = modes(info.free_mode);
        text += &format!("{:<14} {} · {free}{option}\n", info.name, info.family.name());
        text += &format!("{:<14} {}\n", "", info.summary);
        text += &format!("{:<14} guarantee: {}\n", "", info.guarantee);
        text += &format!("{:<14} complexity: {}\n\n", "", info.complexity);
    }
    out::print(text)
}

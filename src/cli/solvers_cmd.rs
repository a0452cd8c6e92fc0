//! `floodit solvers`: what each solver does and promises.

use super::args::SolversArgs;
use super::{CliError, CliResult};
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
        println!("{}", serde_json::to_string_pretty(&list).map_err(CliError::bad_input)?);
        return Ok(());
    }
    for (info, opt) in infos {
        let option = opt.map(|(n, d)| format!("  option: {}:{n} (default {d})", info.name)).unwrap_or_default();
        let free = if info.free_mode { "fixed and free modes" } else { "fixed mode" };
        println!("{:<14} {} · {free}{option}", info.name, info.family.name());
        println!("{:<14} {}", "", info.summary);
        println!("{:<14} guarantee: {}", "", info.guarantee);
        println!("{:<14} complexity: {}", "", info.complexity);
        println!();
    }
    Ok(())
}

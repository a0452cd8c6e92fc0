fn main() -> std::process::ExitCode {
    floodit::cli::main()
}

use std::process::ExitCode;

fn main() -> ExitCode {
    hamle::cli::main()
}

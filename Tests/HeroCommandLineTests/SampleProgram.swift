import HeroCommandLine

/// A small program with one command for each kind of declaration the parser knows.
enum Sample {
    enum Global {
        static let db = Option<Global, String>("--db", "PATH", "the database")
        static let spec = CommandSpec(Global.self, name: "", summary: "", options: [db])
    }

    enum Show {
        static let json = Flag<Show>("--json", "print JSON")
        static let timeout = Option<Show, Double>("--timeout", "SECONDS", "how long to wait") { text in
            guard let seconds = Double(text), seconds > 0 else { throw ValueError("\"\(text)\" is not a number of seconds") }
            return seconds
        }
        static let selection = Option<Show, String>("--selection", "NAME", "clipboard or primary", choices: ["clipboard", "primary"])
        static let level = FlagChoice<Show, Int>(("--quiet", 0, "say less"), ("--verbose", 2, "say more"))
        static let spec = CommandSpec(Show.self, name: "show", summary: "show things",
                                      arguments: .optional("QUERY"), options: [json, timeout, selection, level])
    }

    enum Window {
        static let window = Flag<Window>("--window", "open a window")
        static let display = Option<Window, String>("--display", "NAME", "the display")
        static let json = Flag<Window>("--json", "print JSON")
        static let output = Option<Window, String>("--output", "FILE", "write to FILE")
        static let set = Option<Window, String>("--set", "FILE", "read from FILE")
        static let target = Option<Window, String>("--target", "MIME", "the target")
        static let secret = Option<Window, Int>("--secret", "FD", "for internal use", hidden: true) { Int($0) ?? -1 }
        static let spec = CommandSpec(Window.self, name: "window", summary: "open a window",
                                      arguments: .any("NAME", .beforeOptions),
                                      options: [window, display, json, output, set, target, secret],
                                      rules: [.goes(display, with: window), .excludes(set, output), .required(target),
                                              .takesNoArguments(window, nor: [json])])
    }

    enum Service {
        static let dryRun = Flag<Service>("--dry-run", "print instead")
        static let spec = CommandSpec(Service.self, name: "service", summary: "run as a service",
                                      arguments: .action(["install", "status"]), options: [dryRun])
    }

    enum Help {
        static let spec = CommandSpec(Help.self, name: "help", summary: "show help", arguments: .optional("COMMAND"))
    }

    enum Store {
        static let json = Flag<Store>("--json", "print JSON")
        static let spec = CommandSpec(Store.self, name: "store", summary: "search, import or remove",
                                      arguments: .any("QUERY"), options: [json],
                                      rules: [.words([.init("import", takes: .one("FILE")),
                                                      .init("remove", takes: .oneOrMore("NAME"), nor: [json])],
                                                     otherwise: .optional("QUERY"), hint: "quote names with spaces")])
    }

    enum Version {
        static let spec = CommandSpec(Version.self, name: "version", summary: "print the version")
    }

    static let program = ProgramSpec(name: "tool", global: Global.spec,
                                     commands: [Show.spec, Window.spec, Service.spec, Help.spec, Store.spec, Version.spec])

}

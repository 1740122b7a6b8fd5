import Foundation
import TestSupport

/// The screen reader's side of the accessibility tests: `Tests/Fixtures/atspi_client.py` (pyatspi, Debian's
/// /usr/bin/python3) on the test's private session bus (`SessionBus`) and display.
extension AgentHarness {
    /// Runs atspi_client.py with `arguments` and returns its last line, a JSON object.
    func atspi(_ bus: SessionBus, _ arguments: [String]) throws -> [String: Any] {
        let result = try HeroBridgeProcess.run([Self.fixtures + "/atspi_client.py"] + arguments,
                                               environment: bus.environment(display: xvfb.display),
                                               executable: "/usr/bin/python3", timeout: 120)
        return try Self.lastJSON(result.stdout, "atspi_client.py \(arguments): \(result.stdout) \(result.stderr)")
    }

    /// atspi_client.py listening (`listen NAME`, `listen-text TEXT`) once its listeners are registered; stop it
    /// when done.
    func atspiListener(_ bus: SessionBus, _ arguments: [String]) throws -> Child {
        let listener = try Child("/usr/bin/python3", [Self.fixtures + "/atspi_client.py"] + arguments,
                                 environment: bus.environment(display: xvfb.display), directory: dir.path, label: "atspi-listen")
        guard listener.waitFor("listening", timeout: 60) else {
            throw HarnessError("atspi_client.py \(arguments) did not listen: \(listener.output) \(listener.errors)")
        }
        return listener
    }

    /// The events a listener printed once it stopped, each "type source detail1".
    static func heard(_ listener: Child) throws -> [String] {
        let heard = try lastJSON(listener.output, "atspi_client.py printed no events: \(listener.output) \(listener.errors)")
        let events = heard["events"] as? [[String: Any]] ?? []
        return events.map { "\($0["type"] ?? "") \($0["source"] ?? "") \($0["detail1"] ?? "")" }
    }

    static func lastJSON(_ output: String, _ failure: String) throws -> [String: Any] {
        let line = output.split(separator: "\n").last.map(String.init) ?? ""
        guard let object = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any] else {
            throw HarnessError(failure)
        }
        return object
    }

    /// `xwininfo`'s absolute place and size of `window`: x, y, width, height.
    func geometry(of window: String) throws -> [Int] {
        let result = try HeroBridgeProcess.run(["-id", window], environment: environment(), executable: "/usr/bin/xwininfo")
        return ["Absolute upper-left X:", "Absolute upper-left Y:", "Width:", "Height:"].compactMap { label in
            result.lines.first { $0.trimmingCharacters(in: .whitespaces).hasPrefix(label) }
                .flatMap { Int($0.components(separatedBy: ":").last?.trimmingCharacters(in: .whitespaces) ?? "") }
        }
    }
}

import Foundation

/// WebP, GIF and BMP bytes written by Pillow (`Tests/Fixtures/pil_image.py`, Debian's python3-pil run by
/// /usr/bin/python3): images made by another encoder than HeroBridge's, at test time, so no binary fixture is
/// checked in. `check` says what Pillow reads back from a file HeroBridge wrote.
public enum PILImages {
    public struct Failure: Error, CustomStringConvertible {
        public let description: String
    }

    /// `format` (webp, gif, bmp) of `width`×`height`; `options` as pil_image.py takes them (`mode=RGBA`, `lossless`,
    /// `interlace`, `transparent`, `frames=3`).
    public static func make(_ format: String, width: Int, height: Int, _ options: [String] = []) throws -> Data {
        let (status, output, errors) = try run(["make", format, "\(width)", "\(height)"] + options)
        guard status == 0, !output.isEmpty else {
            throw Failure(description: "pil_image.py make \(format) failed (\(status)): \(String(decoding: errors, as: UTF8.self))")
        }
        return output
    }

    /// What Pillow reads from `path` after decoding every pixel: its format name (`PNG`, `WEBP`) and size; nil
    /// when Pillow cannot read it.
    public static func check(_ path: String) throws -> (format: String, width: Int, height: Int)? {
        let (status, output, _) = try run(["check", path])
        let words = String(decoding: output, as: UTF8.self).split(separator: " ").map(String.init)
        guard status == 0, words.count == 3, let width = Int(words[1].trimmingCharacters(in: .whitespacesAndNewlines)),
              let height = Int(words[2].trimmingCharacters(in: .whitespacesAndNewlines))
        else { return nil }
        return (words[0], width, height)
    }

    private static func run(_ arguments: [String]) throws -> (Int32, Data, Data) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
        process.arguments = [Repository.path("Tests/Fixtures/pil_image.py")] + arguments
        let output = Pipe(), errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        let out = output.fileHandleForReading.readDataToEndOfFile()
        let err = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, out, err)
    }
}

import HeroCore
import HeroTransfer

/// One ingest, the same whichever path brought the content (a clipboard read over X11 or Wayland, a drop on the
/// window or the tray icon): a value the loop thread hands to the worker, which decodes what was fetched, ingests
/// the items with the path's context, and writes one log line per outcome. The result comes back to the loop as
/// an `IngestOutcome`.
struct IngestJob: Sendable {
    var content: SelectionContent
    let context: IngestContext
    let limits: TransferLimits
    /// The image checked while it arrived (X11's INCR reads), with the bytes it must have checked.
    var streamCheck: StreamCheck?
    var streamedBytes = 0
    /// A name for an image that arrived without one (Chromium's drags name the file only in XdndDirectSave0).
    var imageName: String?

    init(content: SelectionContent, context: IngestContext, limits: TransferLimits) {
        self.content = content
        self.context = context
        self.limits = limits
    }

    /// What the job holds while it waits for the worker (counted in the worker's backlog).
    var bytes: Int { content.fetchedBytes }

    /// The log lines' prefix: `CLIPBOARD`, `PRIMARY`, or `drop`.
    var label: String { content.selectionName }

    /// Runs on the worker: decode, ingest, log. Never throws: every failure is a log line and an outcome.
    func run(on favorites: Favorites, log: AgentLog) -> IngestOutcome {
        let name = label
        var decoded = content
        for fetched in decoded.fetched {
            if let bytes = fetched.bytes {
                log.debug("\(name): received \(fetched.target), \(bytes.count) bytes in \(Int((fetched.seconds * 1000).rounded())) ms"
                          + (fetched.retries > 0 ? " (asked \(fetched.retries + 1) times)" : ""))
            }
        }
        if let skipped = decoded.skipped {
            for problem in decoded.problems { log.warning("\(name): \(problem)") }
            log.info("\(name): skipped: \(skipped)")
            return IngestOutcome(report: nil, status: "Ignored: \(skipped)")
        }
        if let streamCheck {
            // Waits for the check to catch up while it makes progress; a starved or failed one gives nil.
            if let streamed = streamCheck.result(total: streamedBytes, stage: { favorites.store.stagePortraitFile($0) }) {
                decoded.streamed = [streamed]
                log.debug("\(name): \(streamed.mime), \(streamed.count) bytes, validated and hashed while it arrived")
            } else {
                log.debug("\(name): the image was not found a valid PNG as it arrived; validating it in full")
            }
        }
        decoded.decode(limits: limits)
        for problem in decoded.problems { log.warning("\(name): \(problem)") }
        let items = imageName.map { decoded.items.naming(images: $0) } ?? decoded.items
        guard !items.isEmpty else {
            return IngestOutcome(report: nil, status: decoded.problems.first.map { "Failed: \($0)" } ?? "Nothing usable")
        }
        do {
            let report = try favorites.ingest(items, context: context)
            for line in report.lines() { log.info("\(name): \(line)") }
            return IngestOutcome(report: report, status: report.summary)
        } catch {
            log.error("\(name): could not store: \(error)")
            return IngestOutcome(report: nil, status: "Could not store: \(error)")
        }
    }
}

extension [MultiTypeTransferable] {
    /// The items with `name` given to each image that has none.
    func naming(images name: String) -> [MultiTypeTransferable] {
        map { item in
            guard case var .image(image) = item, image.name == nil else { return item }
            image.name = name
            return .image(image)
        }
    }
}

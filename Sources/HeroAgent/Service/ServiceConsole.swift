/// Where `Service` says what it does: results and dry-run plans on `out`, notes on `err`. The CLI passes its
/// terminal's standard output and error.
public struct ServiceConsole: Sendable {
    public let out: @Sendable (String) -> Void
    public let err: @Sendable (String) -> Void

    public init(out: @escaping @Sendable (String) -> Void, err: @escaping @Sendable (String) -> Void) {
        self.out = out
        self.err = err
    }
}

/// How an owner answers one SelectionRequest, decided from its fields and whether its requestor window exists
/// (ICCCM §2.2 and §2.6.2).
public enum SelectionRequestDecision: Equatable {
    /// Send nothing, for the reason given (logged): a SelectionNotify to a window that does not exist reaches
    /// nobody.
    case drop(String)
    /// Send SelectionNotify with property None, for the reason given (logged).
    case refuse(String)
    /// Convert the target into this property: the request's own, or the target atom for an obsolete client
    /// that sent property None.
    case convert(property: UInt)
    /// A MULTIPLE request: the pairs are in this property.
    case multiple(property: UInt)

    /// The decision for a request of `target` into `property` of `requestor` at `time`, by an owner that acquired
    /// the selection at `acquiredAt` and still owns it when `isOwner`. Only a requestor that exists and is no
    /// screen's root (`roots`) is served: any client can name any window, and the root's properties are everyone's.
    public static func decide(target: UInt, property: UInt, time: UInt, acquiredAt: UInt, isOwner: Bool,
                              multiple: UInt, requestor: UInt, roots: Set<UInt>, requestorExists: Bool)
        -> SelectionRequestDecision
    {
        guard requestorExists else { return .drop("the requestor window does not exist") }
        if roots.contains(requestor) { return .refuse("the requestor is a root window") }
        guard isOwner else { return .refuse("the selection was lost") }
        // CurrentTime (0) is accepted: many requestors use it (xclip, Chromium).
        if time != 0 && time < acquiredAt { return .refuse("request time \(time) precedes our ownership (\(acquiredAt))") }
        if target == multiple {
            guard property != 0 else { return .refuse("MULTIPLE without a property") }
            return .multiple(property: property)
        }
        return .convert(property: property != 0 ? property : target)
    }

    /// The (target, property) pairs of a MULTIPLE request's `ATOM_PAIR` list; an odd last item is dropped.
    public static func pairs(_ items: [UInt32]) -> [(target: UInt, property: UInt)] {
        stride(from: 0, to: items.count - 1, by: 2).map { (UInt(items[$0]), UInt(items[$0 + 1])) }
    }
}

/// The answers to AT-SPI's calls, computed from the tree: Accessible, Application, Action, Selection, Component
/// (AccessibleTree+Component.swift) and Text (AccessibleTree+Text.swift), their
/// properties through org.freedesktop.DBus.Properties, Introspect, and the Cache's GetItems (answered empty, so
/// libatspi asks each object itself rather than warn that the call failed).
extension AccessibleTree {
    public static let cachePath = "/org/a11y/atspi/cache"
    /// The type of one item of GetItems: what libatspi 2.46 reads (the item is never sent: the answer is empty).
    static let cacheItem = "((so)(so)(so)iiassusau)"

    public func answer(_ call: AccessibleCall, context: AccessibleContext) -> AccessibleAnswer {
        if call.path == Self.cachePath {
            if call.interface == AccessibleInterface.cache && call.member == "GetItems" {
                return .reply([.array(element: Self.cacheItem, [])])
            }
            if call.interface == AccessibleInterface.introspectable { return .reply([.string(Self.introspection([AccessibleInterface.cache]))]) }
            return .unknownMethod(call)
        }
        guard let id = Self.id(ofPath: call.path), let node = node(id) else { return .unknownObject(call.path) }
        switch call.interface {
        case AccessibleInterface.properties: return propertiesAnswer(call, node: node, context: context)
        case AccessibleInterface.introspectable where call.member == "Introspect":
            return .reply([.string(Self.introspection(node.interfaces))])
        case _ where !node.interfaces.contains(call.interface): return .unknownMethod(call)
        case AccessibleInterface.accessible: return accessibleAnswer(call, node: node, context: context)
        case AccessibleInterface.application: return applicationAnswer(call)
        case AccessibleInterface.action: return actionAnswer(call, node: node)
        case AccessibleInterface.selection: return selectionAnswer(call, node: node, context: context)
        case AccessibleInterface.component: return componentAnswer(call, node: node, context: context)
        case AccessibleInterface.text:
            guard let text = node.text else { return .unknownMethod(call) }
            return textAnswer(call, text: text)
        default: return .unknownMethod(call)
        }
    }

    /// An interface's properties of `node`, by name, in a stable order; nil for an interface it lacks.
    func properties(of node: AccessibleNode, interface: String, context: AccessibleContext) -> [(String, DBusValue)]? {
        guard node.interfaces.contains(interface) else { return nil }
        switch interface {
        case AccessibleInterface.accessible:
            let up = node.id == "root" ? context.parent : context.reference(parent(of: node.id))
            return [("Name", .string(node.name)), ("Description", .string(node.description)), ("Parent", up),
                    ("ChildCount", .int32(Int32(clamping: node.children.count))), ("Locale", .string("en")),
                    ("AccessibleId", .string(node.id))]
        case AccessibleInterface.application:
            return [("ToolkitName", .string("HeroBridge")), ("Version", .string("1")), ("AtspiVersion", .string("2.1")),
                    ("Id", .int32(context.applicationID))]
        case AccessibleInterface.action:
            return [("NActions", .int32(Int32(clamping: node.actions.count)))]
        case AccessibleInterface.selection:
            return [("NSelectedChildren", .int32(selectedChild(of: node.id) == nil ? 0 : 1))]
        case AccessibleInterface.text:
            return [("CharacterCount", .int32(Int32(clamping: node.text?.characterCount ?? 0))),
                    ("CaretOffset", .int32(Int32(clamping: node.text?.caret ?? 0)))]
        case AccessibleInterface.component:
            return []
        default:
            return nil
        }
    }

    private func propertiesAnswer(_ call: AccessibleCall, node: AccessibleNode, context: AccessibleContext) -> AccessibleAnswer {
        guard let interface = call.string(0) else { return .invalidArguments(call) }
        switch call.member {
        case "Get":
            guard let name = call.string(1) else { return .invalidArguments(call) }
            guard let value = properties(of: node, interface: interface, context: context)?.first(where: { $0.0 == name })?.1 else {
                return .failure(name: "org.freedesktop.DBus.Error.UnknownProperty", message: "no property \(name) of \(interface)")
            }
            return .reply([.variant(value)])
        case "GetAll":
            let all = properties(of: node, interface: interface, context: context) ?? []
            return .reply([.array(element: "{sv}", all.map { .dictEntry(.string($0.0), .variant($0.1)) })])
        case "Set":
            // The registry sets the application's Id once it embedded it; nothing else is writable.
            guard interface == AccessibleInterface.application, call.string(1) == "Id", node.id == "root",
                  let id = call.int32(2) else {
                return .failure(name: "org.freedesktop.DBus.Error.PropertyReadOnly", message: "read-only")
            }
            return .reply([], effect: .applicationID(id))
        default:
            return .unknownMethod(call)
        }
    }

    private func accessibleAnswer(_ call: AccessibleCall, node: AccessibleNode, context: AccessibleContext) -> AccessibleAnswer {
        switch call.member {
        case "GetChildAtIndex":
            guard let index = call.int32(0) else { return .invalidArguments(call) }
            return .reply([context.reference(node.children.indices.contains(Int(index)) ? node.children[Int(index)].id : nil)])
        case "GetChildren":
            return .reply([.array(element: "(so)", node.children.map { context.reference($0.id) })])
        case "GetIndexInParent":
            return .reply([.int32(node.id == "root" ? -1 : Int32(clamping: indexInParent(of: node.id) ?? -1))])
        case "GetRelationSet":
            return .reply([.array(element: "(ua(so))", [])])
        case "GetRole":
            return .reply([.uint32(node.role.rawValue)])
        case "GetRoleName", "GetLocalizedRoleName":
            return .reply([.string(node.role.name)])
        case "GetState":
            return .reply([.array(element: "u", AccessibleState.words(node.states).map { .uint32($0) })])
        case "GetAttributes":
            return .reply([.array(element: "{ss}", [.dictEntry(.string("toolkit"), .string("HeroBridge"))])])
        case "GetApplication":
            return .reply([context.reference("root")])
        case "GetInterfaces":
            return .reply([.array(element: "s", node.interfaces.map { .string($0) })])
        default:
            return .unknownMethod(call)
        }
    }

    private func applicationAnswer(_ call: AccessibleCall) -> AccessibleAnswer {
        switch call.member {
        case "GetLocale": .reply([.string("en")])
        // No peer-to-peer bus: libatspi keeps talking to the application over the accessibility bus.
        case "GetApplicationBusAddress": .reply([.string("")])
        default: .unknownMethod(call)
        }
    }

    private func actionAnswer(_ call: AccessibleCall, node: AccessibleNode) -> AccessibleAnswer {
        if call.member == "GetActions" {
            return .reply([.array(element: "(sss)", node.actions.map { .structure([.string($0.name), .string($0.description), .string("")]) })])
        }
        guard let index = call.int32(0).map(Int.init), node.actions.indices.contains(index) else { return .invalidArguments(call) }
        let action = node.actions[index]
        switch call.member {
        case "GetName", "GetLocalizedName": return .reply([.string(action.name)])
        case "GetDescription": return .reply([.string(action.description)])
        case "GetKeyBinding": return .reply([.string("")])
        case "DoAction": return .reply([.boolean(true)], effect: .action(node: node.id, name: action.name))
        default: return .unknownMethod(call)
        }
    }

    /// The list's selection: one child at most, the one with the state selected.
    private func selectionAnswer(_ call: AccessibleCall, node: AccessibleNode, context: AccessibleContext) -> AccessibleAnswer {
        let selected = selectedChild(of: node.id)
        let index = call.int32(0).map(Int.init)
        let child = index.flatMap { node.children.indices.contains($0) ? node.children[$0] : nil }
        switch call.member {
        case "GetSelectedChild":
            return .reply([context.reference(index == 0 ? selected?.id : nil)])
        case "IsChildSelected":
            return .reply([.boolean(child != nil && child?.id == selected?.id)])
        case "SelectChild":
            guard let child else { return .reply([.boolean(false)]) }
            return .reply([.boolean(true)], effect: .select(node: child.id, list: node.id))
        case "DeselectSelectedChild", "DeselectChild", "ClearSelection":
            let applies = call.member == "ClearSelection" || (call.member == "DeselectSelectedChild" ? index == 0 : child?.id == selected?.id)
            guard applies, selected != nil else { return .reply([.boolean(call.member == "ClearSelection")]) }
            return .reply([.boolean(true)], effect: .clearSelection(list: node.id))
        case "SelectAll":
            return .reply([.boolean(false)])
        default:
            return .unknownMethod(call)
        }
    }

    /// Introspect's XML: the interfaces by name (AT-SPI clients know their members; this says which are there).
    static func introspection(_ interfaces: [String]) -> String {
        let names = interfaces + [AccessibleInterface.properties, AccessibleInterface.introspectable]
        return "<!DOCTYPE node PUBLIC \"-//freedesktop//DTD D-BUS Object Introspection 1.0//EN\" "
            + "\"http://www.freedesktop.org/standards/dbus/1.0/introspect.dtd\">\n<node>\n"
            + names.map { "  <interface name=\"\($0)\"/>\n" }.joined() + "</node>\n"
    }
}

import HeroCore
import HeroTransfer

/// What one org.freedesktop.Notifications.Notify call carries. The fixed arguments are the spec's "nothing
/// special": no notification replaced (`replaces_id` 0), no actions, the server's default lifetime (-1).
public struct DesktopNotification: Sendable, Equatable {
    public static let appName = "HeroBridge"
    /// The icon `make install` and the .deb install (hicolor/scalable/apps/herobridge.svg).
    public static let appIcon = "herobridge"
    public static let expireTimeout: Int32 = -1

    public var summary: String
    public var body: String
    /// The hero's portrait, at most `NotificationImage.maxSide` a side; nil when it has none (or it cannot be
    /// decoded): the notification then goes without an image hint.
    public var image: NotificationImage?

    public init(summary: String, body: String, image: NotificationImage? = nil) {
        self.summary = summary
        self.body = body
        self.image = image
    }

    /// The notification for `notice`, with the hero's description and portrait read from `favorites`. Runs on
    /// the agent's worker: it reads SQLite and decodes the portrait, at reduced size, bounded by `limits` like the
    /// window's thumbnails.
    public static func make(_ notice: HeroNotice, favorites: Favorites, limits: TransferLimits) -> DesktopNotification {
        let favorite = try? favorites.favorite(named: notice.hero)
        let image = favorite?.hero.portrait == nil ? nil
            : (try? favorites.portrait(of: notice.hero)).flatMap {
                try? DecodedImage.thumbnail(of: $0.data, maxSide: NotificationImage.maxSide, limits: limits)
            }.map(NotificationImage.init)
        return DesktopNotification(summary: notice.summary, body: notice.body(description: favorite?.hero.description ?? ""),
                                   image: image)
    }
}

import Accessibility
import X11Bridge

/// The agent's X loop services the accessibility bus's connection too (one more watched descriptor). Declared
/// here because the Accessibility module knows no X11.
extension EventLoop: AccessibilityLoop {}

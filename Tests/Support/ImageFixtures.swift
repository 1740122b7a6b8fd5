public enum TestSupportPlaceholder {}

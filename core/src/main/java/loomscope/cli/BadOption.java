package loomscope.cli;

/** Bad input that one option explains: printed as "loomscope: --option: reason", exit 2. */
final class BadOption extends IllegalArgumentException {
    BadOption(String option, String reason) {
        super(option + ": " + reason);
    }
}

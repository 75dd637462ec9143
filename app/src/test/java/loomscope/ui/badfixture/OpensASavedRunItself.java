package loomscope.ui.badfixture;

import java.nio.file.Path;

import loomscope.savedrun.SavedRun;

/** Bad on purpose: opens a saved run past attach.RunFiles, so the agent's save=FILE files would not open here. */
public final class OpensASavedRunItself {
    private OpensASavedRunItself() { }

    public static SavedRun open(Path file) throws Exception { return SavedRun.read(file); }
}

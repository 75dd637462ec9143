package loomscope.recording.badfixture;

import javafx.beans.property.SimpleIntegerProperty;

/** Bad on purpose: JavaFX outside the window (the core runs in a JDK 21 child, with no JavaFX). */
public final class RecordingWithAProperty {
    final SimpleIntegerProperty mounts = new SimpleIntegerProperty();
}

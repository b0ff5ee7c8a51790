#define CELL cell_b
#define NAME_ER er_b
#define NAME_STEP step_b
#include "grid_form.hpp"
